import { allows } from '../../../permissions/index.js';
import { FIGURE_SOURCE_NAMES, FIGURE_SOURCES, type FigureMapping, type FigureSource } from '../../../resources/figures.js';
import type { Actor } from '../../http/actor.js';

/** Whether the viewer may ask this source: its permission, or the derived rule of that name (permissions/ability.ts). */
export const maySee = (actor: Actor, source: FigureSource) => allows(actor.profile, FIGURE_SOURCES[source].permission);

/** GET /advanced-filter/mapping: the declarations of the sources the viewer may ask. */
export const mappingFor = (actor: Actor): FigureMapping =>
  Object.fromEntries(FIGURE_SOURCE_NAMES.filter((s) => maySee(actor, s)).map((s) => [s, FIGURE_SOURCES[s]]));
