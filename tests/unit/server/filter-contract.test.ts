import { fieldFilters, FILTER_OPERATORS, type ResourceDef, type ResourceField } from '../../../resources/engine.js';
import { damages } from '../../../resources/damage.js';
import { footprints } from '../../../resources/footprint.js';
import { invoices } from '../../../resources/invoice.js';
import { locates } from '../../../resources/locate.js';
import { logs } from '../../../resources/log.js';
import { members } from '../../../resources/member.js';
import { productions } from '../../../resources/production.js';
import { projects } from '../../../resources/project.js';
import { tasks } from '../../../resources/task.js';
import { listSpecFor } from '../../../server/engine/resource-sql.js';
import { parseListQuery, type ListSpec } from '../../../server/lib/list-query.js';
import { DAMAGE_LIST } from '../../../server/modules/damages/damage-list.js';
import { FOOTPRINT_LIST } from '../../../server/modules/footprints/footprint-list.js';
import { INVOICE_LIST } from '../../../server/modules/invoices/invoice-list.js';
import { LOCATE_LIST } from '../../../server/modules/locates/locate-list.js';
import { LOG_LIST } from '../../../server/modules/logs/log-list.js';
import { MEMBER_FIELDS } from '../../../server/modules/members/member-list.js';
import { PRODUCTION_LIST } from '../../../server/modules/productions/production-list.js';
import { PROJECT_LIST } from '../../../server/modules/projects/project-list.js';
import { TASK_LIST } from '../../../server/modules/tasks/task-list.js';
import { filterFields } from '../../../src/engine/filter-model.js';
import { RESOURCES } from '../../../src/engine/registry.js';

/** The lists whose server spec is written by hand; the others are listSpecFor of the same declaration. */
const HAND_WRITTEN: Array<[ResourceDef, ListSpec]> = [
  [damages, DAMAGE_LIST],
  [footprints, FOOTPRINT_LIST],
  [invoices, INVOICE_LIST],
  [locates, LOCATE_LIST],
  [logs, LOG_LIST],
  [members, MEMBER_FIELDS],
  [productions, PRODUCTION_LIST],
  [projects, PROJECT_LIST],
  [tasks, TASK_LIST],
];

const sample = (f: ResourceField) =>
  f.options?.[0]?.value ?? { integer: '1', decimal: '1', reference: '1', boolean: 'true', date: '2026-03-01', datetime: '2026-03-01' }[f.kind as string] ?? 'a';

describe('the filter bar and the server read one declaration', () => {
  const specs = new Map<ResourceDef, ListSpec>(HAND_WRITTEN);
  it.each(RESOURCES.map((def) => [def.name, def] as const))('every condition the %s bar offers, the list accepts', (_name, def) => {
    const spec = specs.get(def) ?? listSpecFor(def);
    const refused: string[] = [];
    for (const field of filterFields(def)) {
      for (const op of fieldFilters(field)) {
        const param = `${field.name}${FILTER_OPERATORS[op]}`;
        try {
          parseListQuery(spec, { [param]: sample(field) });
        } catch (err) {
          refused.push(`${param}: ${(err as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
