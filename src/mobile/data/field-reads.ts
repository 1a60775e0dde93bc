/**
 * Every read the phone's screens make, by the exact path each asks for: the day's prefetch keeps
 * these same paths on the phone, so a screen opened without signal finds its copy.
 */

export const CREWS_PATH = '/production/crews';
export const CHECK_IN_CREWS_PATH = '/logs/crews';
export const RECORDING_PROJECTS_PATH = '/projects?_start=0&_end=200&_sort=projectName&_order=asc';
export const PROJECT_CHOICES = '/projects?_end=100&_sort=projectName&_order=asc';

/** Rows of the projects list per page. */
export const PROJECTS_PAGE = 20;

/**
 * The crew's projects: completed and shut-down ones are done with and stay on the desktop. One row
 * more than shown tells whether "Show more" has anything to show.
 */
export function projectsListPath(q: string, near: { lat: number; lng: number } | null, pages: number) {
  const params = new URLSearchParams({ _start: '0', _end: String(pages * PROJECTS_PAGE + 1) });
  params.append('status_ne', 'completed');
  params.append('status_ne', 'shutdown');
  if (q) params.set('q', q);
  if (near) params.set('near', `${near.lat},${near.lng}`);
  else {
    params.set('_sort', 'projectName');
    params.set('_order', 'asc');
  }
  return `/projects?${params}`;
}

export const projectPath = (projectId: number) => `/projects/${projectId}`;
export const siteLocatesPath = (projectId: number) => `/projects/${projectId}/locates`;
export const siteDamagesPath = (projectId: number) => `/damages?projectId=${projectId}&status_ne=closed&_end=100`;
export const planSheetsPath = (projectId: number) => `/projects/${projectId}/plan-sheets`;

/** The open and started tasks of the given crews on a project. */
export function crewTasksPath(projectId: number, crewIds: number[]) {
  const params = new URLSearchParams({ _sort: 'startDate', _order: 'asc', _end: '200' });
  for (const id of crewIds) params.append('crewId', String(id));
  params.append('status', 'open');
  params.append('status', 'progress');
  return `/projects/${projectId}/tasks?${params}`;
}

/** The productions of the given crews, newest first. */
export const productionsPath = (crewIds: number[]) => `/production?_start=0&_end=50&_sort=date&_order=desc${crewIds.map((id) => `&crewId=${id}`).join('')}`;
export const productionPath = (id: number | string) => `/production/${id}`;
export const productionPhotosPath = (id: number | string) => `/production/${id}/photos`;
/** The picker source of the desktop's create dialog: the project's budget items by name. */
export const budgetItemsPath = (projectId: number) => `/budgetItems?projectId=${projectId}&_start=0&_end=200&_sort=itemName&_order=asc`;
export const stationsPath = (projectId: number) => `/projects/${projectId}/stations`;
/** Open and started tasks, as the desktop's task picker lists them. */
export const openTasksPath = (projectId: number) => `/projects/${projectId}/tasks?status=open&status=progress&_start=0&_end=200&_sort=startDate&_order=asc`;
