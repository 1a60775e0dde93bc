import type { FastifyInstance } from 'fastify';
import type { ProductionCrewOption } from '../resources/production.js';
import type { Project } from '../resources/project.js';
import { catalogIds } from './seed-demo-field.js';

/**
 * The demo company's tasks on the fiber build for `npm run seed:demo`: a spread over the board
 * (open, in progress, completed, one rejected with its reason) dated around today, so the board,
 * the project's Tasks section and the calendar show them whenever the demo is seeded. Through the
 * API; left as it is when the company already has tasks.
 */
export async function seedDemoTasks(app: FastifyInstance, headers: Record<string, string>, companyId: number) {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.body ? res.json() : null;
  };
  if ((await call('GET', '/tasks?_end=1')).length) return;
  const projects: Project[] = await call('GET', `/companies/${companyId}/projects/all`);
  const fiber = projects.find((p) => p.code === 'MFB-2026') ?? projects[0];
  if (!fiber) return;
  const crews: ProductionCrewOption[] = await call('GET', '/logs/crews');
  const types = await catalogIds(call, companyId, 'task-types', ['Boring', 'Splicing', 'Restoration']);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const place = { city: 'Austin', state: 'TX', country: 'US' };
  const tasks = [
    { summary: 'Bore under Aldrich St', type: 'Boring', start: -3, end: 1, status: 'progress', priority: 'high', address: '1900 Aldrich St' },
    { summary: 'Splice hub cabinet feeders', type: 'Splicing', start: 2, end: 4, status: 'open', priority: 'normal', address: 'Mueller Blvd at Aldrich St' },
    { summary: 'Restore sidewalk panels on Berkman Dr', type: 'Restoration', start: 5, end: 9, status: 'open', priority: 'low', address: '4200 Berkman Dr' },
    { summary: 'Pothole the gas crossing at Simond Ave', type: 'Boring', start: -8, end: -6, status: 'completed', priority: 'urgent', address: '1800 Simond Ave' },
    { summary: 'Second bore path on Philomena St', type: 'Boring', start: -5, end: -4, status: 'rejected', priority: 'normal', address: 'Philomena St', rejectReason: 'The client chose the Aldrich St path.' },
  ];
  for (const [i, t] of tasks.entries()) {
    const created = await call('POST', `/projects/${fiber.id}/tasks`, {
      ...place,
      summary: t.summary,
      typeId: types[t.type] ?? null,
      crewId: crews[i % Math.max(1, crews.length)]?.id ?? null,
      address: t.address,
      startDate: day(t.start),
      endDate: day(t.end),
      priority: t.priority,
    });
    // Statuses move through the state machine as people would move the cards.
    if (t.status === 'completed') await call('PATCH', `/tasks/${created.id}`, { status: 'progress' });
    if (t.status !== 'open') await call('PATCH', `/tasks/${created.id}`, { status: t.status, ...(t.rejectReason ? { rejectReason: t.rejectReason } : {}) });
  }
}
