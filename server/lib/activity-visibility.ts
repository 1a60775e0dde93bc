import { allows, type AccessProfile } from '../../permissions/index.js';
import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types.js';
import { crews } from '../../resources/crew.js';
import { damages } from '../../resources/damage.js';
import type { ResourceDef } from '../../resources/engine.js';
import { footprints } from '../../resources/footprint.js';
import { itemCategories } from '../../resources/item-categories.js';
import { items } from '../../resources/items.js';
import { locates } from '../../resources/locate.js';
import { logs } from '../../resources/log.js';
import { clients } from '../../resources/partnership.js';
import { projects } from '../../resources/project.js';
import { safetyAuthorities } from '../../resources/safety-authorities.js';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/**
 * What an activity reader sees of an audit event's changes, by the event's entity type. Who acted,
 * on what and when is always shown; the recorded fields only to a reader holding `permission`
 * (null: every member of the company), and to others just the `open` ones.
 */
interface Visibility {
  permission: string | null;
  open?: readonly string[];
}

/** People's contact and identity details stay with those who manage members; their names and roles are who/what. */
const PERSON: Visibility = { permission: 'memberships:manage', open: ['name', 'role', 'status', 'crewsAsMember', 'crewsAsLeader', 'categories', 'fields'] };

const PROJECT_WORK: Visibility = { permission: 'projects:view' };

const fromResource = (def: ResourceDef): [string, Visibility] => [def.entityType, { permission: def.permissions.view }];

const POLICIES: Record<string, Visibility> = {
  membership: PERSON,
  user: PERSON,
  // Every member reads the company's page and its roles.
  company: { permission: null },
  role: { permission: null },
  ...Object.fromEntries([crews, items, itemCategories, safetyAuthorities, taskTypes, damageTypes, footprintTypes, clients, projects].map(fromResource)),
  // Daily logs and locate tickets: their readers read their trail (locates by the derived locate-view rule).
  ...Object.fromEntries([logs, locates].map(fromResource)),
  // Damages and footprints: their readers read their trail.
  ...Object.fromEntries([damages, footprints].map(fromResource)),
  // A budget's trail is read by every company on the project (owner, client, crew companies).
  budget: PROJECT_WORK,
  budget_item: PROJECT_WORK,
  budget_comment: PROJECT_WORK,
  change_order: PROJECT_WORK,
  // A reviewer's e-mail and link expiry are for the project's managers; the decision is for everyone on it.
  budget_review: { permission: 'projects:manage', open: ['status', 'statusReason', 'reviewerName', 'signerName', 'signatureSha256', 'because'] },
};

/** An entity type nobody declared: its fields go only to those who manage the company. */
const UNDECLARED: Visibility = { permission: 'companies:manage' };

/** The changes the reader may see, and whether any were withheld. */
export function visibleChanges(reader: AccessProfile, entityType: string, changes: Changes): { changes: Changes; hidden: boolean } {
  const policy = POLICIES[entityType] ?? UNDECLARED;
  if (policy.permission === null || allows(reader, policy.permission)) return { changes, hidden: false };
  const open = new Set(policy.open ?? []);
  const shown = Object.fromEntries(Object.entries(changes).filter(([field]) => open.has(field)));
  return { changes: shown, hidden: Object.keys(shown).length < Object.keys(changes).length };
}
