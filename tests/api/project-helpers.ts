import type { Project } from '../../resources/project.js';
import { ownerWithCompany, type TestServer } from './harness.js';

export const API = '/api/v1';

/** A company's owner, with the X-Company-Id header that makes it the active company of their calls. */
export interface CompanySide {
  token: string;
  user: { id: number; name: string };
  email: string;
  companyId: number;
  companyName: string;
  headers: Record<string, string>;
}

/** The side of an owner made by ownerWithCompany (who keeps their password for a browser's login). */
export const sideOf = (o: Awaited<ReturnType<typeof ownerWithCompany>>): CompanySide => ({
  token: o.token,
  user: o.user,
  email: o.email,
  companyId: o.company.id,
  companyName: o.company.name,
  headers: { 'x-company-id': String(o.company.id) },
});

export async function companySide(s: TestServer, name: string): Promise<CompanySide> {
  return sideOf(await ownerWithCompany(s, name));
}

/** Calls the API as a company side (its token and X-Company-Id). */
export const callAs = (s: TestServer, side: Pick<CompanySide, 'token' | 'headers'>, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  s.call(method, `${API}${path}`, { token: side.token, headers: side.headers, ...(body === undefined ? {} : { body }) });

/**
 * An active partnership: `host` asks `guest` to be its client or subcontractor and the guest accepts.
 * `type` is what the guest becomes to the host.
 */
export async function partner(s: TestServer, host: CompanySide, guest: CompanySide, type: 'client' | 'subcontractor') {
  const asked = await callAs(s, host, 'POST', `/partnerships/add/${type}`, { guestCompanyId: guest.companyId });
  if (asked.status !== 201) throw new Error(`partnership: ${asked.status} ${JSON.stringify(asked.body)}`);
  const accepted = await callAs(s, guest, 'PATCH', `/partnerships/${asked.body.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return asked.body.id as number;
}

let codes = 0;

/** The smallest valid body of POST /companies/{id}/projects, with a code unique in the test run. */
export const projectBody = (overrides: Record<string, unknown> = {}) => ({ projectName: 'Main Street Fiber', code: `P-${++codes}`, ...overrides });

/** Creates a project through the API as `token` in company `companyId`; throws unless it answers 201. */
export async function createProject(s: TestServer, token: string, companyId: number, overrides: Record<string, unknown> = {}): Promise<Project> {
  const res = await s.call('POST', `${API}/companies/${companyId}/projects`, { token, headers: { 'x-company-id': String(companyId) }, body: projectBody(overrides) });
  if (res.status !== 201) throw new Error(`create project: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Project;
}

/**
 * The usual cast of a project test: `owner` runs projects for `client` (an active client
 * partnership), with `sub` as an active subcontractor partner it can add as a crew company, and
 * `stranger`, a company with no link to any of them.
 */
export interface ProjectFixture {
  owner: CompanySide;
  client: CompanySide;
  sub: CompanySide;
  stranger: CompanySide;
  clientPartnershipId: number;
  subPartnershipId: number;
}

export async function projectFixture(s: TestServer, names = { owner: 'Owner Paving', client: 'Client Utility', sub: 'Sub Boring', stranger: 'Stranger Works' }): Promise<ProjectFixture> {
  const owner = await companySide(s, names.owner);
  const client = await companySide(s, names.client);
  const sub = await companySide(s, names.sub);
  const stranger = await companySide(s, names.stranger);
  const clientPartnershipId = await partner(s, owner, client, 'client');
  const subPartnershipId = await partner(s, owner, sub, 'subcontractor');
  return { owner, client, sub, stranger, clientPartnershipId, subPartnershipId };
}

/** A project of the fixture's owner for its client. */
export const clientProject = (s: TestServer, f: ProjectFixture, overrides: Record<string, unknown> = {}) =>
  createProject(s, f.owner.token, f.owner.companyId, { clientId: f.client.companyId, ...overrides });
