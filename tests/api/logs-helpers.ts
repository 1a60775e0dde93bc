import type { TestServer } from './harness.js';
import { call, member, side, type Caller } from './budgets-helpers.js';
import { companySide, createProject } from './project-helpers.js';
import { crewOf } from './productions-helpers.js';

/**
 * A company with a project, two crews (the leader is in the first only) and its people: the owner,
 * a supervisor (crews:manage: reviews logs, reads locates), a project manager (locate-manage), a crew
 * leader (logs:view only), a Crew member (no logs:view); and a stranger company with its own project,
 * crew and owner.
 */
export async function fieldWorld(s: TestServer) {
  const ownerSide = await companySide(s, 'Field Paving');
  const strangerSide = await companySide(s, 'Stranger Works');
  const project = await createProject(s, ownerSide.token, ownerSide.companyId, { projectName: 'Main Street Fiber' });
  const strangerProject = await createProject(s, strangerSide.token, strangerSide.companyId, { projectName: 'Elsewhere' });
  const people = {
    owner: side(ownerSide),
    pm: await member(s, ownerSide, 'ProjectManager'),
    supervisor: await member(s, ownerSide, 'Supervisor'),
    leader: await member(s, ownerSide, 'CrewLeader'),
    crew: await member(s, ownerSide, 'Crew'),
    hr: await member(s, ownerSide, 'HumanResources'),
    stranger: side(strangerSide),
  };
  const crews = {
    paving: await crewOf(s, ownerSide, 'Paving crew', [{ userId: people.leader.userId, leader: true }]),
    boring: await crewOf(s, ownerSide, 'Boring crew'),
    stranger: await crewOf(s, strangerSide, 'Stranger crew'),
  };
  return { owner: ownerSide, stranger: strangerSide, projectId: project.id, strangerProjectId: strangerProject.id, people, crews };
}

export type FieldWorld = Awaited<ReturnType<typeof fieldWorld>>;

export async function checkIn(s: TestServer, w: FieldWorld, who: Caller, body: Record<string, unknown> = {}) {
  const res = await call(s, who)('POST', '/logs', { projectId: w.projectId, crewId: w.crews.paving, lat: 30.2672, lng: -97.7431, dateString: '2026-03-05', description: 'Trenching on Main', ...body });
  if (res.status !== 201) throw new Error(`check in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const logCount = async (s: TestServer) => Number((await s.services.db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
