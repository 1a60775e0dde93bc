import { RESOURCES } from '../engine/registry';

/**
 * Navigation ids whose screens this build has. The navigation rules in permissions/ know every
 * entry of the spec; an entry shows only once its screen exists, so nothing leads nowhere.
 */
export const AVAILABLE_SCREENS = new Set<string>(['dashboard', 'clients', 'subcontractors', 'roles', 'files', 'calendar', 'map', 'settings', 'reports-project-production', 'reports-invoices', 'reports-budget', 'reports-flight-board', 'projects-list', ...RESOURCES.map((r) => r.navId)]);

export const isAvailable = (id: string) => AVAILABLE_SCREENS.has(id);
