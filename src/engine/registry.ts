import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types';
import type { ResourceDef } from '../../resources/engine';

/** Every resource the client shows through the generic pages, in one place. */
export const RESOURCES: ResourceDef[] = [taskTypes, damageTypes, footprintTypes];

export function resourceByName(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
