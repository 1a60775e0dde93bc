// The soak's world (issue 22), made through the API as a person would: an owner, their company, a
// client, one project whose budget of a few items is approved, crews, a folder of files, chats
// between the company's people, and a few productions, invoices and tasks to read from the first
// second. Only the members' memberships are written in SQL: the API adds a member by a mailed
// invitation, which the bench cannot read.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/index.js';
import { PASSWORD } from './seed.js';
import { seedCall } from './seed-sql.js';

export const SOAK_WORLD = { crews: 10, budgetItems: 6, members: 6, productions: 20, invoices: 4, tasks: 12, files: 10 };

export interface Person {
  userId: number;
  token: string;
}

export interface SoakWorld {
  companyId: number;
  projectId: number;
  owner: Person;
  members: Person[];
  crewIds: number[];
  budgetItemIds: number[];
  folderId: number;
  /** One-to-one chats: its id and its two people. */
  chats: Array<{ id: number; people: [Person, Person] }>;
  /** Approved productions with their items' ids: billable unless on an open invoice. */
  billable: Array<{ id: number; itemIds: number[] }>;
  productionIds: number[];
  invoices: Array<{ id: number; productions: Array<{ id: number; itemIds: number[] }> }>;
  tasks: Array<{ id: number; status: string }>;
  fileIds: number[];
  /** The next production's number: crew n % crews on the n / crews-th day back, one sheet per crew and day. */
  nextSheet: number;
}

export const headersOf = (world: Pick<SoakWorld, 'companyId'>, who: Person) => ({ authorization: `Bearer ${who.token}`, 'x-company-id': String(world.companyId) });

/** The crew and the day of sheet number n: never two productions of one crew on one day. */
export function sheetOf(world: Pick<SoakWorld, 'crewIds'>, n: number) {
  const crews = world.crewIds.length;
  const day = new Date(Date.now() - (1 + Math.floor(n / crews)) * 86_400_000).toISOString().slice(0, 10);
  return { crewId: world.crewIds[n % crews]!, date: day };
}

export async function seedSoak(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string }): Promise<SoakWorld> {
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => seedCall('soak', baseUrl, method, url, body, headers);
  const register = async (name: string, i: number): Promise<Person> => {
    const { token, user } = await call('POST', '/users', { name, phone: '+1 555 010 0000', email: `soak.${i}.${tag}@example.com`, password: PASSWORD });
    return { userId: user.id, token };
  };
  const owner = await register('Soak Owner', 0);
  const place = { country: 'US', state: 'TX', city: 'Austin', zip: '78701', ein: '12-3456789' };
  const company = await call('POST', '/companies', {
    ...place,
    name: `Soak Paving ${tag}`,
    address: '1 Main Street',
    contactName: 'Soak Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${tag}@bench.example`,
  }, { authorization: `Bearer ${owner.token}` });
  const world = { companyId: company.id as number };
  const h = headersOf(world, owner);
  const client = await call('POST', '/partnerships/create/client', {
    ...place,
    name: `Soak Client ${tag}`,
    address: '2 Main Street',
    contactName: 'Client Contact',
    contactPhone: '+1 512 555 0101',
    contactEmail: `client.${tag}@bench.example`,
  }, h);
  const project = await call('POST', `/companies/${company.id}/projects`, { projectName: 'Soak Fiber Build', code: 'SOAK-1', clientId: client.partnerId }, h);
  const budget = `/projects/${project.id}/budgets/${project.budgetId}`;
  const catalog: number[] = [];
  for (let i = 0; i < SOAK_WORLD.budgetItems; i++) {
    catalog.push((await call('POST', '/items', { name: `${['Conduit', 'Handhole', 'Vault', 'Splice', 'Bore', 'Trench'][i % 6]} ${i}`, code: `SK-${i}`, unit: ['LF', 'EA', 'SF'][i % 3] }, h)).id);
  }
  // Quantities far beyond what ten minutes produce, so no production ever overruns its budget item.
  const items = (await call('POST', `${budget}/items/multiple`, { items: catalog.map((itemId, i) => ({ itemId, quantity: 10_000_000, price: `${12 + i}.50` })) }, h)) as Array<{ id: number }>;
  const crewIds: number[] = [];
  for (let i = 0; i < SOAK_WORLD.crews; i++) crewIds.push((await call('POST', '/crews', { name: `Soak crew ${i + 1}` }, h)).id);

  const members: Person[] = [];
  for (let i = 1; i <= SOAK_WORLD.members; i++) members.push(await register(`Soak Member ${i}`, i));
  const ownerMembershipId = await addMembers(opts, company.id, owner.userId, members);

  // The budget approved as the project's company approves it: submitted, a review asked of the owner, approved.
  await call('POST', `${budget}/submit`, { retainagePercent: 5 }, h);
  const review = await call('POST', `${budget}/reviews`, { memberId: ownerMembershipId }, h);
  await call('PATCH', `${budget}/reviews/${review.id}`, { status: 'approved' }, h);

  const root = await call('GET', '/folders/root', undefined, h);
  const folder = await call('POST', '/folders', { parentId: root.folder.id, name: `Soak ${tag}` }, h);

  const people = [owner, ...members];
  const chats: SoakWorld['chats'] = [];
  for (let i = 0; i < people.length; i++) {
    for (let j = i + 1; j < people.length; j++) {
      const a = people[i]!;
      const b = people[j]!;
      const chat = await call('GET', `/chat/get-chat?contactId=${b.userId}`, undefined, headersOf(world, a));
      await call('POST', '/chat/send-message', { chatId: chat.id, message: { who: a.userId, message: 'Morning: the crew is on site' } }, headersOf(world, a));
      chats.push({ id: chat.id, people: [a, b] });
    }
  }

  const seeded: SoakWorld = {
    companyId: company.id,
    projectId: project.id,
    owner,
    members,
    crewIds,
    budgetItemIds: items.map((i) => i.id),
    folderId: folder.id,
    chats,
    billable: [],
    productionIds: [],
    invoices: [],
    tasks: [],
    fileIds: [],
    nextSheet: 0,
  };
  for (let i = 0; i < SOAK_WORLD.productions; i++) {
    const { crewId, date } = sheetOf(seeded, seeded.nextSheet++);
    const p = await call('POST', `/production/project/${project.id}`, { crewId, date, items: seeded.budgetItemIds.slice(0, 1 + (i % 3)).map((budgetItemId) => ({ budgetItemId, quantity: '12.5' })) }, h);
    await call('PATCH', `/production/${p.id}/submit`, undefined, h);
    const approved = await call('POST', `/production/${p.id}/approve`, {}, h);
    seeded.productionIds.push(p.id);
    seeded.billable.push({ id: p.id, itemIds: (approved.items as Array<{ id: number }>).map((it) => it.id) });
  }
  for (let i = 0; i < SOAK_WORLD.invoices; i++) {
    const billed = seeded.billable.splice(0, 2);
    const invoice = await call('POST', `/invoices/${company.id}`, { projectId: project.id, status: 'submit', productions: billed.map((p) => ({ id: p.id, items: p.itemIds.map((id) => ({ id })) })) }, h);
    seeded.invoices.push({ id: invoice.id, productions: billed });
  }
  for (let i = 0; i < SOAK_WORLD.tasks; i++) {
    const task = await call('POST', `/projects/${project.id}/tasks`, { summary: `Mark the trench ${i + 1}`, crewId: crewIds[i % crewIds.length], priority: 'normal', items: [{ budgetItemId: seeded.budgetItemIds[i % 3], quantity: '40' }] }, h);
    seeded.tasks.push({ id: task.id, status: task.status });
  }
  for (let i = 0; i < SOAK_WORLD.files; i++) seeded.fileIds.push(...(await uploadFile(baseUrl, world, owner, folder.id, `soak seed ${i + 1}.txt`)));
  return seeded;
}

/** One small file into the folder through POST /filesNew (multipart, folderId first); its id. */
export async function uploadFile(baseUrl: string, world: Pick<SoakWorld, 'companyId'>, who: Person, folderId: number, name: string) {
  const form = new FormData();
  form.append('folderId', String(folderId));
  form.append('file[]', new Blob([`Daily notes of ${name}\n`.repeat(40)], { type: 'text/plain' }), name);
  const res = await fetch(`${baseUrl}/api/v1/filesNew`, { method: 'POST', headers: headersOf(world, who), body: form });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`seeding soak: POST /filesNew answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text).files as Array<{ id: number }>).map((f) => f.id);
}

/** The members as project managers of the company (as an accepted invitation leaves them); the owner's membership id. */
async function addMembers(opts: { databaseUrl: string | null; dataDir: string }, companyId: number, ownerId: number, members: Person[]): Promise<number> {
  const { db, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const role = await db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', companyId).where('name', '=', 'ProjectManager').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const [i, m] of members.entries()) {
      await db
        .insertInto('memberships')
        .values({ user_id: m.userId, company_id: companyId, type: 'company', role_id: role.id, status: 'accepted', name: `Soak Member ${i + 1}`, email: `member.${i + 1}.${companyId}@bench.example`, notification_settings: '{}', created_at: now, updated_at: now })
        .execute();
    }
    const own = await db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', ownerId).where('type', '=', 'company').executeTakeFirstOrThrow();
    return own.id;
  } finally {
    await close();
  }
}
