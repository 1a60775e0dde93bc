import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types';
import { crews } from '../../resources/crew';
import type { ResourceDef } from '../../resources/engine';
import { itemCategories } from '../../resources/item-categories';
import { items } from '../../resources/items';
import { members } from '../../resources/member';
import { projects } from '../../resources/project';
import { safetyAuthorities } from '../../resources/safety-authorities';

/** Every resource the client shows through the generic pages, in one place. */
export const RESOURCES: ResourceDef[] = [taskTypes, damageTypes, footprintTypes, crews, itemCategories, items, safetyAuthorities, members, projects];

/** Resources whose routes are declared by hand (a bespoke show page or dialog), reusing the engine's pieces. */
export const HAND_ROUTED = new Set<string>(['crews', 'item-categories', 'items', 'members', 'projects']);

export function resourceByName(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
