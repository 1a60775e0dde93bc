import type { FastifyInstance } from 'fastify';
import type { BudgetItem } from '../resources/budget.js';
import type { Production, ProductionCrewOption } from '../resources/production.js';
import type { Project } from '../resources/project.js';

/**
 * The demo company's production and billing for `npm run seed:demo`: on the fiber build, the first
 * crew's sheets of three days (one approved and billed on a draft invoice, one waiting for review,
 * one still a draft). Through the API, so every rule holds; left as it is when the company already
 * has production.
 */
export async function seedDemoProduction(app: FastifyInstance, headers: Record<string, string>, companyId: number) {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.body ? res.json() : null;
  };
  if ((await call('GET', '/production?_end=1')).length) return;
  const projects: Project[] = await call('GET', `/companies/${companyId}/projects/all`);
  const fiber = projects.find((p) => p.code === 'MFB-2026');
  const crews: ProductionCrewOption[] = await call('GET', '/production/crews');
  if (!fiber?.budgetId || !crews.length) return;
  const budgetItems: BudgetItem[] = await call('GET', `/budgetItems?projectId=${fiber.id}`);
  if (!budgetItems.length) return;
  const [first, second = first, third = first] = budgetItems;

  const record = (date: string, items: Array<{ budgetItemId: number; quantity: string; photosNumber?: number }>, notes: string): Promise<Production> =>
    call('POST', `/production/project/${fiber.id}`, {
      crewId: crews[0]!.id,
      date,
      items,
      texts: { notes, weather: 'Clear, 64 °F', safety: 'Tailgate talk: trench shoring' },
    });

  const billed = await record(
    '2026-11-18',
    [
      { budgetItemId: first!.id, quantity: '118.5', photosNumber: 2 },
      { budgetItemId: second!.id, quantity: '22' },
    ],
    'Mueller Blvd from the hub to 5+00.',
  );
  await call('PATCH', `/production/${billed.id}/submit`);
  const approved: Production = await call('POST', `/production/${billed.id}/approve`, { sendEmail: false });

  const waiting = await record('2026-11-19', [{ budgetItemId: first!.id, quantity: '96.25' }, { budgetItemId: third!.id, quantity: '1' }], 'Bore under Aldrich St started.');
  await call('PATCH', `/production/${waiting.id}/submit`);
  await record('2026-11-20', [{ budgetItemId: first!.id, quantity: '40' }], 'Rain after 11 am; restoration only.');

  await call('POST', `/invoices/${companyId}`, {
    projectId: fiber.id,
    weekEndingDate: '2026-11-21',
    notes: 'Week ending November 21.',
    productions: [{ id: approved.id, items: approved.items.map((i) => ({ id: i.id })) }],
  });
}
