import { allows, type AccessProfile } from '../../../permissions/index.js';
import { ATTENTION_KINDS, isFigureWidget, MAP_WIDGET_LAYERS, WIDGET_TYPES, type WidgetEditorConfiguration, type WidgetType } from '../../../resources/dashboard.js';
import { FIGURE_SOURCE_NAMES, FIGURE_SOURCES, type FigureMapping } from '../../../resources/figures.js';
import { MAP_LAYERS } from '../../../resources/map.js';
import { badRequest } from '../../http/errors.js';
import { ATTENTION_PERMISSIONS } from './attention.js';

/** The size a new widget of each type takes on the 12-column grid. */
export const WIDGET_SIZES: Record<WidgetType, { w: number; h: number }> = {
  kpi: { w: 3, h: 2 },
  bar: { w: 6, h: 4 },
  line: { w: 6, h: 4 },
  pie: { w: 4, h: 4 },
  table: { w: 6, h: 5 },
  chart: { w: 6, h: 4 },
  map: { w: 6, h: 5 },
  attention: { w: 6, h: 5 },
  placeholder: { w: 4, h: 2 },
};

/** The sources this viewer may ask, as the figures model declares them. */
const figureMappingFor = (profile: AccessProfile): FigureMapping =>
  Object.fromEntries(FIGURE_SOURCE_NAMES.filter((s) => allows(profile, FIGURE_SOURCES[s].permission)).map((s) => [s, FIGURE_SOURCES[s]]));

/** GET /dashboard/widget/{type}/configuration: the editor's starting point for a type, narrowed to what the viewer may see. */
export function widgetEditorConfiguration(profile: AccessProfile, type: string): WidgetEditorConfiguration {
  const declared = WIDGET_TYPES.find((t) => t.value === type);
  if (!declared) throw badRequest(`type: must be one of ${WIDGET_TYPES.map((t) => t.value).join(', ')}`, [{ field: 'type', message: 'Unknown widget type' }]);
  const base = { type: declared.value, title: declared.label, size: WIDGET_SIZES[declared.value] };
  if (isFigureWidget(declared.value)) {
    const sources = figureMappingFor(profile);
    const first = Object.keys(sources)[0];
    const query = first ? { source: first, measure: { fn: 'count' }, filters: [] } : null;
    const configuration = { ...(query ? { query } : {}), useDashboardFilters: true, ...(declared.value === 'chart' ? { chart: 'bar' } : {}) };
    return { ...base, configuration, sources };
  }
  if (declared.value === 'map') {
    const layers = MAP_LAYERS.filter((l) => (MAP_WIDGET_LAYERS as readonly string[]).includes(l.value) && allows(profile, l.permission)).map((l) => ({ value: l.value, label: l.label }));
    return { ...base, configuration: layers[0] ? { layer: layers[0].value } : {}, layers };
  }
  if (declared.value === 'attention') {
    const kinds = ATTENTION_KINDS.filter((k) => allows(profile, ATTENTION_PERMISSIONS[k.value])).map((k) => ({ value: k.value, label: k.label }));
    return { ...base, configuration: { kinds: kinds.map((k) => k.value) }, kinds };
  }
  return { ...base, configuration: {} };
}
