import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types';
import { crews } from '../../resources/crew';
import { damages } from '../../resources/damage';
import { invoices } from '../../resources/invoice';
import type { ResourceDef } from '../../resources/engine';
import { footprints } from '../../resources/footprint';
import { itemCategories } from '../../resources/item-categories';
import { items } from '../../resources/items';
import { locates } from '../../resources/locate';
import { logs } from '../../resources/log';
import { members } from '../../resources/member';
import { productions } from '../../resources/production';
import { projects } from '../../resources/project';
import { safetyAuthorities } from '../../resources/safety-authorities';
import { tasks } from '../../resources/task';

/** Every resource the client shows through the generic pages, in one place. */
export const RESOURCES: ResourceDef[] = [taskTypes, damageTypes, footprintTypes, crews, itemCategories, items, safetyAuthorities, members, projects, invoices, productions, damages, footprints, logs, locates, tasks];

/** Resources whose routes are declared by hand (a bespoke show page or dialog), reusing the engine's pieces. */
export const HAND_ROUTED = new Set<string>(['crews', 'item-categories', 'items', 'members', 'projects', 'invoices', 'productions', 'damages', 'footprints', 'logs', 'locates', 'tasks']);

export function resourceByName(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
