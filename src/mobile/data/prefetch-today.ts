import type { Project } from '../../../resources/project';
import type { ProductionCrewOption, ProductionListRow } from '../../../resources/production';
import { readThrough } from './cached-read';
import {
  budgetItemsPath,
  CHECK_IN_CREWS_PATH,
  CREWS_PATH,
  crewTasksPath,
  openTasksPath,
  planSheetsPath,
  productionPath,
  productionPhotosPath,
  productionsPath,
  PROJECT_CHOICES,
  projectPath,
  projectsListPath,
  RECORDING_PROJECTS_PATH,
  siteDamagesPath,
  siteLocatesPath,
  stationsPath,
} from './field-reads';
import { keptNow } from './kept-at';

export { lastKeptAt } from './kept-at';

/** How many projects and open productions are kept whole on the phone: a crew's week, not the company's history. */
const PROJECTS = 10;
const PRODUCTIONS = 10;

const quietly = <T>(path: string) =>
  readThrough<T>(path)
    .then((r) => (r.offline ? null : r.data))
    .catch(() => null);

/**
 * What the crew needs on a site without signal, read while there is a connection and kept on the
 * phone (each read under the exact path its screen asks for): their projects and crews, each active
 * project's board and production pickers, and their open productions. One read at a time, behind
 * whatever the crew is doing. Answers whether everything was read.
 */
export async function prefetchToday(): Promise<boolean> {
  const projects = (await quietly<Project[]>(RECORDING_PROJECTS_PATH)) ?? [];
  const crews = (await quietly<ProductionCrewOption[]>(CREWS_PATH)) ?? [];
  const crewIds = crews.map((c) => c.id);
  const reads: string[] = [projectsListPath('', null, 1), PROJECT_CHOICES, CHECK_IN_CREWS_PATH];
  const active = projects.filter((p) => p.status !== 'completed' && p.status !== 'shutdown').slice(0, PROJECTS);
  for (const p of active) {
    reads.push(projectPath(p.id), budgetItemsPath(p.id), stationsPath(p.id), siteLocatesPath(p.id), siteDamagesPath(p.id), planSheetsPath(p.id));
    if (crewIds.length) reads.push(crewTasksPath(p.id, crewIds));
    if (p.taskBasedProduction) reads.push(openTasksPath(p.id));
  }
  let complete = projects.length > 0 || crews.length > 0;
  for (const path of reads) complete = (await quietly(path)) !== null && complete;
  if (crewIds.length) {
    const productions = (await quietly<ProductionListRow[]>(productionsPath(crewIds))) ?? [];
    const open = productions.filter((r) => r.status === 'draft' || r.status === 'rejected').slice(0, PRODUCTIONS);
    for (const row of open) {
      await quietly(productionPath(row.id));
      await quietly(productionPhotosPath(row.id));
    }
  }
  if (complete) keptNow();
  return complete;
}
