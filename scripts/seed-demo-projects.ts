import type { FastifyInstance } from 'fastify';

/**
 * The demo company's projects for `npm run seed:demo`: a fiber build for a client with a budget in
 * review, a paving job with a draft budget, and stations along the fiber route. Through the API, so
 * every rule holds; left as they are when the company already has projects.
 */
export async function seedDemoProjects(app: FastifyInstance, headers: Record<string, string>, companyId: number) {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.body ? res.json() : null;
  };
  if ((await call('GET', `/companies/${companyId}/projects/all`)).length) return;

  const clients: Array<{ clientId: number | null; name: string }> = await call('GET', '/partnerships/list/client');
  const fiberClient = clients.find((c) => c.name === 'Lone Star Fiber');
  const items: Array<{ id: number; code: string | null }> = await call('GET', '/items?_end=200');
  const byCode = (code: string) => items.find((i) => i.code === code)?.id;

  const fiber = await call('POST', `/companies/${companyId}/projects`, {
    projectName: 'Mueller Fiber Build',
    code: 'MFB-2026',
    projectNumber: '2026-014',
    address: '4550 Mueller Blvd',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    startDate: '2026-09-01',
    endDate: '2027-03-31',
    powoNumber: '004512',
    timezone: 'America/Chicago',
    clientId: fiberClient?.clientId ?? null,
    clientName: fiberClient ? null : 'Lone Star Fiber',
  });
  await call('PATCH', `/projects/${fiber.id}`, { status: 'active' });
  await call('PATCH', `/projects/${fiber.id}/stations`, {
    stations: [
      { name: '0+00', chainage: '0', description: 'Hub at Mueller Blvd' },
      { name: '5+00', chainage: '500', description: null },
      { name: '10+00', chainage: '1000', description: 'Bore under Aldrich St' },
    ],
  });
  const fiberItems = [
    ['PV-100', 1200, '4.75'],
    ['CN-200', 340, '38.50'],
    ['WT-300', 6, '1250.00'],
  ] as const;
  const lines = fiberItems.flatMap(([code, quantity, price]) => {
    const itemId = byCode(code);
    return itemId ? [{ itemId, quantity, price, reportWeight: code === 'PV-100' }] : [];
  });
  if (lines.length) {
    await call('POST', `/projects/${fiber.id}/budgets/${fiber.budgetId}/items/multiple`, { items: lines });
    await call('POST', `/projects/${fiber.id}/budgets/${fiber.budgetId}/submit`, { retainagePercent: 10, profitabilityPercent: 12.5 });
    // Someone who can sign in reviews it (the client has no users): the project manager.
    const reviewers: Array<{ id: number; email: string }> = await call('GET', `/projects/${fiber.id}/budgets/${fiber.budgetId}/reviewers`);
    const manager = reviewers.find((r) => r.email === 'projectmanager@demo.fieldwork.test');
    if (manager) await call('POST', `/projects/${fiber.id}/budgets/${fiber.budgetId}/reviews`, { memberId: manager.id });
  }

  const paving = await call('POST', `/companies/${companyId}/projects`, {
    projectName: 'Riverside Resurfacing',
    code: 'RSR-07',
    address: '1900 Riverside Dr',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    startDate: '2026-11-02',
    endDate: '2026-12-18',
    timezone: 'America/Chicago',
  });
  const patch = byCode('PV-110');
  if (patch) await call('POST', `/projects/${paving.id}/budgets/${paving.budgetId}/items`, { itemId: patch, quantity: 85, price: '165.00' });
}
