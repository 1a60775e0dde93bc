import type { FastifyInstance } from 'fastify';
import type { Budget, BudgetItem } from '../resources/budget.js';
import type { Production, ProductionCrewOption } from '../resources/production.js';
import type { Project } from '../resources/project.js';
import type { Db } from '../server/db/index.js';

/** The demo's client on the platform: a general contractor whose own login decides in the product. */
export const CLIENT_LOGIN = { name: 'Rosa Rivera', email: 'rosa@coloradoriverconstructors.test', company: 'Colorado River Constructors' };

const CLIENT_COMPANY = {
  name: CLIENT_LOGIN.company,
  ein: '74-2468135',
  address: '600 Barton Springs Rd',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78704',
  contactName: CLIENT_LOGIN.name,
  contactPhone: '+1 512 555 0140',
  contactEmail: CLIENT_LOGIN.email,
};

type Call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers?: Record<string, string>) => Promise<any>;

/**
 * `npm run seed:demo`'s client with a login of its own (Colorado River Constructors, Rosa Rivera), so
 * each side of the money path can be tried: the client company and the demo company work together;
 * on "Barton Creek Duct Bank" the client approved the budget, a change order and an invoice wait for
 * its answer; on "South Lamar Streetlight Bases" the budget waits for its review. Through the API,
 * so every rule holds; each part is left as it is when already there (safe to run twice).
 */
export async function seedDemoClient(app: FastifyInstance, db: Db, owner: Record<string, string>, companyId: number, password: string) {
  const call: Call = async (method, url, payload, headers = owner) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.body ? res.json() : null;
  };

  const body = { name: CLIENT_LOGIN.name, phone: '+1 512 555 0141', email: CLIENT_LOGIN.email, password };
  let signed = await app.inject({ method: 'POST', url: '/api/v1/users', payload: body });
  if (signed.statusCode === 409) signed = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: body.email, password } });
  if (signed.statusCode >= 300) throw new Error(`client login: ${signed.body}`);
  const { user, token } = signed.json();

  const held = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select('c.id')
    .where('m.user_id', '=', user.id)
    .where('c.name', '=', CLIENT_COMPANY.name)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  const clientId: number = held?.id ?? (await call('POST', '/companies', CLIENT_COMPANY, { authorization: `Bearer ${token}` })).id;
  const client = { authorization: `Bearer ${token}`, 'x-company-id': String(clientId) };

  const partners: Array<{ partnerId: number | null; status: string }> = await call('GET', '/partnerships/list/client');
  if (!partners.some((p) => p.partnerId === clientId && p.status === 'active')) {
    const asked = await call('POST', '/partnerships/add/client', { guestCompanyId: clientId });
    await call('PATCH', `/partnerships/${asked.id}/accept`, undefined, client);
  }

  const projects: Project[] = await call('GET', `/companies/${companyId}/projects/all`);
  if (projects.some((p) => p.code === 'BCD-2026')) return;
  const items: Array<{ id: number; code: string | null }> = await call('GET', '/items?_end=200');
  const byCode = (code: string) => items.find((i) => i.code === code)?.id;
  const reviewer = async (project: Project) => {
    const options: Array<{ id: number; email: string }> = await call('GET', `/projects/${project.id}/budgets/${project.budgetId}/reviewers`);
    return options.find((o) => o.email === CLIENT_LOGIN.email)!.id;
  };

  /** A project for the client with a budget of the lines given, submitted and put to Rosa's review. */
  const projectForReview = async (fields: object, lines: ReadonlyArray<readonly [string, number, string]>) => {
    const project: Project = await call('POST', `/companies/${companyId}/projects`, { ...fields, country: 'US', state: 'TX', city: 'Austin', timezone: 'America/Chicago', clientId });
    await call('PATCH', `/projects/${project.id}`, { status: 'active' });
    const budgetItems = lines.flatMap(([code, quantity, price]) => {
      const itemId = byCode(code);
      return itemId ? [{ itemId, quantity, price, reportWeight: false }] : [];
    });
    const budget = `/projects/${project.id}/budgets/${project.budgetId}`;
    await call('POST', `${budget}/items/multiple`, { items: budgetItems });
    await call('POST', `${budget}/submit`, { retainagePercent: 5, profitabilityPercent: 10 });
    const review = await call('POST', `${budget}/reviews`, { memberId: await reviewer(project) });
    return { project, budget, review };
  };

  // Approved by the client, then a change order and a week's invoice for it to answer.
  const duct = await projectForReview(
    { projectName: 'Barton Creek Duct Bank', code: 'BCD-2026', address: '2201 Barton Springs Rd', startDate: '2026-10-05', endDate: '2027-02-26', powoNumber: 'CRC-PO-3318' },
    [
      ['CN-200', 420, '36.00'],
      ['PV-110', 24, '158.00'],
    ],
  );
  await call('PATCH', `${duct.budget}/reviews/${duct.review.id}`, { status: 'approved' }, client);
  const approved: Budget = await call('GET', duct.budget);
  if (approved.status !== 'approved') return;
  const budgetItems: BudgetItem[] = await call('GET', `/budgetItems?projectId=${duct.project.id}`);
  const curb = budgetItems.find((i) => i.itemCode === 'CN-200') ?? budgetItems[0]!;
  const order = await call('POST', `${duct.budget}/change-orders`, { itemId: curb.id, quantity: 465, price: '36.00', description: 'Extra 45 LF of curb at the Robert E. Lee Rd tie-in, asked for on site.' });
  await call('POST', `${duct.budget}/change-orders/${order.id}/send`, { price: '36.00' });

  const crews: ProductionCrewOption[] = await call('GET', '/production/crews');
  if (crews.length) {
    const day: Production = await call('POST', `/production/project/${duct.project.id}`, {
      crewId: crews[0]!.id,
      date: '2026-11-16',
      items: [{ budgetItemId: curb.id, quantity: '140' }],
      texts: { notes: 'Curb from the creek crossing to Lamar.', weather: 'Overcast, 58 °F' },
    });
    await call('PATCH', `/production/${day.id}/submit`);
    const done: Production = await call('POST', `/production/${day.id}/approve`, { sendEmail: false });
    const invoice = await call('POST', `/invoices/${companyId}`, {
      projectId: duct.project.id,
      weekEndingDate: '2026-11-21',
      notes: 'Week ending November 21.',
      productions: [{ id: done.id, items: done.items.map((i) => ({ id: i.id })) }],
    });
    await call('PATCH', `/invoices/${invoice.id}/send`);
  }

  // A budget still waiting for the client's review.
  await projectForReview({ projectName: 'South Lamar Streetlight Bases', code: 'SLB-2026', address: '1500 S Lamar Blvd', startDate: '2027-01-11', endDate: '2027-04-30' }, [
    ['CN-200', 60, '42.00'],
    ['WT-300', 2, '1180.00'],
  ]);
}
