import { addMember, ownerWithCompany, type TestServer } from './harness.js';
import { until } from './until.js';

export const API = '/api/v1';

export async function roleId(s: TestServer, companyId: number, name: string): Promise<number> {
  const row = await s.services.db
    .selectFrom('roles')
    .select('id')
    .where('scope_type', '=', 'company')
    .where('scope_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Crews and categories belong to other areas; their rows are written straight into the database here. */
export async function insertCrew(s: TestServer, companyId: number, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await s.services.db.insertInto('crews').values({ company_id: companyId, name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCategory(s: TestServer, companyId: number, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('item_categories')
    .values({ company_id: companyId, parent_id: null, name, description: null, color: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A company with an owner, and one signed-in member per role that matters to the members screens. */
export async function companyWithStaff(s: TestServer, name: string) {
  const owner = await ownerWithCompany(s, name);
  const companyId = owner.company.id as number;
  const staff = {
    owner,
    pm: await addMember(s, companyId, 'ProjectManager'),
    hr: await addMember(s, companyId, 'HumanResources'),
    supervisor: await addMember(s, companyId, 'Supervisor'),
    crew: await addMember(s, companyId, 'Crew'),
    member: await addMember(s, companyId, 'Member'),
  };
  return { companyId, ...staff };
}

export const invitee = (s: TestServer, companyId: number, overrides: Record<string, unknown> = {}) =>
  roleId(s, companyId, 'Supervisor').then((supervisor) => ({
    name: 'Sam Invited',
    phone: '+1 512 555 0199',
    email: `sam.${Math.random().toString(36).slice(2, 8)}@example.com`,
    country: 'US',
    state: 'TX',
    roleId: supervisor,
    ...overrides,
  }));

export const membershipRow = (s: TestServer, id: number) => s.services.db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();

export async function counts(s: TestServer) {
  const db = s.services.db;
  const n = async (table: 'memberships' | 'crews' | 'crew_members' | 'member_categories' | 'mail_outbox' | 'audit_events') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    memberships: await n('memberships'),
    crews: await n('crews'),
    crewMembers: await n('crew_members'),
    categories: await n('member_categories'),
    mails: await n('mail_outbox'),
    audit: await n('audit_events'),
  };
}

/** The newest mail to an address, polled for: bulk imports send theirs after answering. */
export const mailTo = (s: TestServer, email: string, timeoutMs = 5000) =>
  until(`a mail to ${email}`, () => s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirst(), timeoutMs, 25);

export function linksOf(text: string) {
  const accept = /(http\S+\/app\/(?:login|register\/account)\?\S+)/.exec(text)?.[1];
  const decline = /(http\S+\/app\/member-invitation\/\S+\/decline)/.exec(text)?.[1];
  if (!accept || !decline) throw new Error(`no invitation links in: ${text}`);
  const token = new URL(accept).searchParams.get('invitationToken')!;
  return { accept: new URL(accept), decline: new URL(decline), token };
}

export async function tokenMailedTo(s: TestServer, email: string) {
  return linksOf((await mailTo(s, email)).text_body).token;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer | string }) {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
