import { filesBody, API } from './files-helpers.js';
import type { TestServer } from './harness.js';
import { budgetWorld, call, member, side, type Caller } from './budgets-helpers.js';
import { crewOf } from './productions-helpers.js';
import { createProject, type CompanySide } from './project-helpers.js';

async function created(s: TestServer, who: Caller, path: string, body: unknown): Promise<{ id: number }> {
  const res = await call(s, who)('POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The budget world (the owner runs a project for its client, the subcontractor works on it, the
 * stranger has nothing to do with it) with the people damages and footprints need: the owner's
 * claims staff (damages:manage), crew leader (damages:view, footprints:view), project manager
 * (footprints:manage), and each company's damage and footprint types, safety authorities and crews.
 */
export async function fieldWorld(s: TestServer) {
  const w = await budgetWorld(s);
  const owner = side(w.owner);
  const stranger = side(w.stranger);
  const people = {
    owner,
    claims: await member(s, w.owner, 'Claims'),
    leader: await member(s, w.owner, 'CrewLeader'),
    pm: await member(s, w.owner, 'ProjectManager'),
    crew: await member(s, w.owner, 'Crew'),
    sub: side(w.sub),
    stranger,
  };
  const of = (who: Caller, c: CompanySide, path: string, name: string) => created(s, who, `/companies/${c.companyId}/${path}`, { name });
  const catalog = {
    gasLine: (await of(owner, w.owner, 'damage-types', 'Gas line strike')).id,
    authority: (await of(owner, w.owner, 'safety-authorities', 'Miss Utility')).id,
    trench: (await of(owner, w.owner, 'footprint-types', 'Trench')).id,
    strangerDamageType: (await of(stranger, w.stranger, 'damage-types', 'Stranger type')).id,
    strangerAuthority: (await of(stranger, w.stranger, 'safety-authorities', 'Stranger authority')).id,
    strangerFootprintType: (await of(stranger, w.stranger, 'footprint-types', 'Stranger trench')).id,
  };
  const crews = { paving: await crewOf(s, w.owner, 'Paving crew'), stranger: await crewOf(s, w.stranger, 'Stranger crew') };
  const strangerProject = await createProject(s, w.stranger.token, w.stranger.companyId, { projectName: 'Stranger job' });
  return { ...w, people, catalog, crews, strangerProjectId: strangerProject.id };
}

export type FieldWorld = Awaited<ReturnType<typeof fieldWorld>>;

/** A damage on the world's project as the owner; throws unless 201. */
export async function reportDamage(s: TestServer, w: FieldWorld, body: Record<string, unknown> = {}, who: Caller = w.people.owner) {
  return created(s, who, '/damages', { damageDate: '2026-03-05', projectId: w.projectId, damageTypeId: w.catalog.gasLine, ...body }) as Promise<any>;
}

/** A footprint on the world's project as the owner; throws unless 201. */
export async function drawFootprint(s: TestServer, w: FieldWorld, body: Record<string, unknown> = {}, who: Caller = w.people.owner) {
  return created(s, who, '/footprints', {
    projectId: w.projectId,
    typeId: w.catalog.trench,
    date: '2026-03-05',
    kind: 'line',
    points: [
      [40.0, -75.0],
      [40.001, -75.0],
    ],
    ...body,
  }) as Promise<any>;
}

/** Sends files as multipart (file[] parts) as `who`. */
export function upload(s: TestServer, who: Caller, path: string, list: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const m = filesBody({}, list);
  return s.call('POST', `${API}${path}`, { token: who.token, headers: { ...who.headers, ...m.headers }, body: m.body });
}

/** What is stored of damages, footprints, files, the trail and notifications: a refused request changes none of it. */
export async function storedField(s: TestServer) {
  const db = s.services.db;
  return {
    damages: await db.selectFrom('damages').selectAll().orderBy('id').execute(),
    footprints: await db.selectFrom('footprints').selectAll().orderBy('id').execute(),
    files: (await db.selectFrom('files').select('id').execute()).length,
    audits: (await db.selectFrom('audit_events').select('id').execute()).length,
    notifications: (await db.selectFrom('notifications').select('id').execute()).length,
  };
}
