import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types';
import { crews } from '../../resources/crew';
import type { ResourceDef } from '../../resources/engine';
import { members } from '../../resources/member';

/** Every resource the client shows through the generic pages, in one place. */
export const RESOURCES: ResourceDef[] = [taskTypes, damageTypes, footprintTypes, crews, members];

/** Resources whose routes are declared by hand (a bespoke show page or dialog), reusing the engine's pieces. */
export const HAND_ROUTED = new Set<string>(['crews', 'members']);

export function resourceByName(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
