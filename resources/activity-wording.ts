import { BUDGET_STATUSES, CHANGE_ORDER_STATUSES, REVIEW_STATUSES } from './budget.js';
import { DAMAGE_STATUSES } from './damage.js';
import { RESTORATION_STATUSES } from './footprint.js';
import { INVOICE_STATUSES } from './invoice.js';
import { LOCATE_STATUSES, RESPONSE_STATUSES } from './locate.js';
import { LOG_STATUSES } from './log.js';
import { STATUS_LABELS as MEMBER_STATUS_LABELS } from './member.js';
import { PRODUCTION_STATUSES } from './production.js';
import { PROJECT_STATUSES } from './project.js';
import { TASK_STATUSES } from './task.js';

/** One audit event as the activity endpoints answer it (server/lib/entity-activity.ts). */
export interface ActivityEventText {
  entityType: string;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  /** Some recorded fields are only for readers with more rights (personal details, say). */
  hidden?: boolean;
}

type Labelled = ReadonlyArray<{ value: string; label: string }>;

const labels = (list: Labelled): Record<string, string> => Object.fromEntries(list.map((s) => [s.value, s.label]));

/** What each record's status codes read as, by record type and field (the audit keeps the codes). */
const STATUS_WORDS: Record<string, Record<string, Record<string, string>>> = {
  invoice: { status: labels(INVOICE_STATUSES) },
  production: { status: labels(PRODUCTION_STATUSES) },
  task: { status: labels(TASK_STATUSES) },
  damage: { status: labels(DAMAGE_STATUSES) },
  budget: { status: labels(BUDGET_STATUSES) },
  budget_review: { status: labels(REVIEW_STATUSES) },
  change_order: { status: labels(CHANGE_ORDER_STATUSES) },
  project: { status: labels(PROJECT_STATUSES) },
  locate: { status: labels(LOCATE_STATUSES), responseStatus: labels(RESPONSE_STATUSES) },
  log: { status: labels(LOG_STATUSES) },
  footprint: { restorationStatus: labels(RESTORATION_STATUSES) },
  membership: { status: MEMBER_STATUS_LABELS },
};

/** Events whose own words say it better than "<record> <action>". */
const SENTENCES: Record<string, string> = {
  'file:picture edited': 'Picture edited',
  'company:exported': "Exported the company's data",
  'api_token:created': 'API token created',
  'api_token:revoked': 'API token revoked',
};

/**
 * Fields kept for the record's own sake that tell a reader nothing: row numbers and references,
 * timestamps, byte counts, storage names, the moves a status allows, settings blobs.
 */
const INTERNAL = /^(id|length|objectName|contentType|versionOf|nextStatuses|folderId|budgetId|companyId|createdBy|submittedBy)$|(Id|Ids|At|By|Settings)$/;

const camel = (field: string) => field.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** "retainagePercent" and "retainage_percent" both read "retainage percent"; "retainage_e3" is the percent in thousandths. */
const fieldWords = (field: string) =>
  camel(field.replace(/_e3$/, '_percent'))
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

const FLAG = /^(is|single|require|taskBased|reportWeight)/;

function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('_e3') && typeof value === 'number') return `${value / 1000} %`;
  if (typeof value === 'boolean' || (FLAG.test(camel(field)) && (value === 0 || value === 1))) return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueWords('', v)).join(', ') : '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldWords(k)}: ${valueWords(k, v)}`)
      .join('; ');
  }
  return String(value);
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** One field's change: a status reads "Sent → Approved, unpaid", any other "due date 2026-12-27 → 2027-01-03". */
function changeWords(entityType: string, field: string, change: { from: unknown; to: unknown }): string {
  const statuses = STATUS_WORDS[entityType]?.[camel(field)];
  if (statuses) {
    const word = (v: unknown) => (v === null || v === undefined ? '—' : (statuses[String(v)] ?? String(v)));
    return `${word(change.from)} → ${word(change.to)}`;
  }
  const from = valueWords(field, change.from);
  const to = valueWords(field, change.to);
  if (from === '—') return `${fieldWords(field)} set to ${to}`;
  if (to === '—') return `${fieldWords(field)} cleared (was ${from})`;
  return `${fieldWords(field)} ${from} → ${to}`;
}

/**
 * An audit event in the product's words, the one wording every activity list uses: "Invoice
 * approved: Sent → Approved, unpaid", "Picture edited"; status codes read as their labels, internal
 * fields (ids, byte lengths, timestamps) are left out, and a creation names only what was created.
 */
export function describeActivity(event: ActivityEventText): string {
  const subject = capital(event.entityType.replace(/_/g, ' '));
  const what = SENTENCES[`${event.entityType}:${event.action}`] ?? `${subject} ${event.action.replace(/_/g, ' ')}`;
  const fields = Object.keys(event.changes).filter((f) => !INTERNAL.test(camel(f)));
  const told = event.action === 'created' || fields.length === 0 ? what : `${what}: ${fields.map((f) => changeWords(event.entityType, f, event.changes[f]!)).join(', ')}`;
  return event.hidden ? `${told} (details hidden)` : told;
}

/** Who made the change: "Ana Ruiz", "Ana Ruiz via Nightly sync" when an API token made it, "System" for background work. */
export const describeActor = (event: { actor: { name: string | null } | null; via?: string | null }) =>
  `${event.actor?.name ?? 'System'}${event.via ? ` via ${event.via}` : ''}`;
