/** The reads the production screens make (kept on the phone for a site without signal). */
export const CREWS_PATH = '/production/crews';
export const RECORDING_PROJECTS_PATH = '/projects?_start=0&_end=200&_sort=projectName&_order=asc';

/** The productions of the given crews, newest first. */
export const productionsPath = (crewIds: number[]) => `/production?_start=0&_end=50&_sort=date&_order=desc${crewIds.map((id) => `&crewId=${id}`).join('')}`;
export const productionPath = (id: number | string) => `/production/${id}`;
export const productionPhotosPath = (id: number | string) => `/production/${id}/photos`;
/** The picker source of the desktop's create dialog: the project's budget items by name. */
export const budgetItemsPath = (projectId: number) => `/budgetItems?projectId=${projectId}&_start=0&_end=200&_sort=itemName&_order=asc`;
export const stationsPath = (projectId: number) => `/projects/${projectId}/stations`;
/** Open and started tasks, as the desktop's task picker lists them. */
export const openTasksPath = (projectId: number) => `/projects/${projectId}/tasks?status=open&status=progress&_start=0&_end=200&_sort=startDate&_order=asc`;
