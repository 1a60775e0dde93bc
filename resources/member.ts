import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { defineResource, type ResourceField } from './engine.js';
import { ROLE_LABELS, isRoleName } from '../permissions/catalog.js';
import { email, type SensitiveValues } from './user.js';

/** Default roles read as words ('Crew Leader'); custom roles as their own names. */
const roleLabel = (value: unknown) => (isRoleName(String(value)) ? ROLE_LABELS[String(value) as keyof typeof ROLE_LABELS] : String(value));

/** Members of a company (spec 01 §3 Membership, Member invitation, Member (creation)). */
export const MEMBER_MESSAGES = {
  name: 'Name is required',
  phone: 'Phone must be longer than 9 characters',
  role: 'Role is required',
  country: 'Country must be a two-letter code',
  newCrewName: 'Name the new crew for these members',
  tooMany: 'At most 500 entries',
  invalidInvitation: 'This invitation is invalid or has expired.',
  otherEmail: 'This invitation was sent to another e-mail address.',
} as const;

export const MEMBER_STATUSES = ['accepted', 'invited', 'declined'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const STATUS_LABELS: Record<MemberStatus, string> = { accepted: 'Accepted', invited: 'Invited', declined: 'Declined' };

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

const ids = z
  .array(id(), { error: 'Must be a list of ids' })
  .max(500, MEMBER_MESSAGES.tooMany)
  // The same crew or category picked twice is one assignment.
  .transform((list) => [...new Set(list)]);

// A member's e-mail follows the same rules and messages as an account's.
export const memberEmail = email;

/** The contact fields a member row holds; shared by the dialogs, the API and the bulk import. */
export const memberContact = z.object({
  name: text({ error: MEMBER_MESSAGES.name }).trim().min(1, MEMBER_MESSAGES.name).max(120),
  phone: optionalText(40).refine((v) => v === null || (v.length > 9 && !v.includes('_')), MEMBER_MESSAGES.phone),
  email: memberEmail,
  country: text()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, MEMBER_MESSAGES.country)
    .nullable()
    .optional()
    .transform((v) => v || null),
  state: optionalText(60),
});

const memberFields = memberContact.extend({
  roleId: id(MEMBER_MESSAGES.role),
  assignedToCrewsAsMember: ids,
  assignedToCrewsAsLeader: ids,
  newCrewName: optionalText(120),
  /** Other memberships of the company who join the new crew with this member. */
  newCrewMembers: ids,
  categories: ids,
});

const newCrewNamed = (v: { newCrewName?: string | null; newCrewMembers?: number[] }) => !(v.newCrewMembers?.length && !v.newCrewName);

/** POST /companies/{id}/memberships. */
export const createMemberBody = memberFields
  .extend({
    assignedToCrewsAsMember: ids.default([]),
    assignedToCrewsAsLeader: ids.default([]),
    newCrewMembers: ids.default([]),
    categories: ids.default([]),
  })
  .refine(newCrewNamed, { message: MEMBER_MESSAGES.newCrewName, path: ['newCrewName'] });
export type CreateMemberBody = z.input<typeof createMemberBody>;
export type CreateMemberInput = z.output<typeof createMemberBody>;

/**
 * PATCH /memberships/{id}: the spec's name, phone, email, country, state and roleId, plus the crew,
 * new-crew and category fields of the edit dialog; a list sent replaces the member's list.
 */
export const updateMemberBody = memberFields.partial().strict().refine(newCrewNamed, { message: MEMBER_MESSAGES.newCrewName, path: ['newCrewName'] });
export type UpdateMemberInput = z.output<typeof updateMemberBody>;

/** PATCH /memberships/invitations/{token}/decline. */
export const declineInvitationBody = z.object({ reason: optionalText(1000) });

export const invitationTokenParams = z.object({ token: text().min(10).max(200) });

/** Bulk import limits: what one file may hold. */
export const BULK_LIMITS = { rows: 5000, bytes: 5 * 1024 * 1024 } as const;
/** The columns of an import file; name, email and role are required. */
export const BULK_COLUMNS = ['name', 'email', 'phone', 'country', 'state', 'role'] as const;

export interface NamedRef {
  id: number;
  name: string;
}

/** A member as the API answers it. */
export interface MemberView {
  id: number;
  companyId: number;
  userId: number | null;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  state: string | null;
  status: MemberStatus;
  roleId: number;
  role: string;
  crewsAsMember: NamedRef[];
  crewsAsLeader: NamedRef[];
  categories: NamedRef[];
  /** Comma lists of the names above, for the grid and CSV export. */
  crewNames: string;
  categoryNames: string;
  invitedBy: NamedRef | null;
  invitationExpiresAt: string | null;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /memberships/{id}: the member with the person's SSN and driver's licence masked (null when none or not yet a member). */
export type MemberDetail = MemberView & SensitiveValues;

/** GET /memberships/invitations/{token}. */
export interface InvitationView {
  companyId: number;
  companyName: string;
  name: string;
  email: string;
  role: string;
  status: MemberStatus;
  expiresAt: string;
}

export interface BulkImportResult {
  added: Array<{ row: number; id: number; name: string; email: string }>;
  refused: Array<{ row: number; email: string | null; reason: string }>;
}

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1, width: 180 }, sortable: true },
  { name: 'email', label: 'Email', kind: 'email', grid: { flex: 1, width: 220 }, sortable: true },
  { name: 'phone', label: 'Phone', kind: 'phone', grid: { width: 150 }, sortable: true, nullable: true },
  { name: 'role', label: 'Role', kind: 'text', form: false, grid: { width: 150 }, sortable: true, format: roleLabel },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    form: false,
    grid: { width: 120 },
    sortable: true,
    options: MEMBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  },
  { name: 'crewNames', label: 'Crews', kind: 'text', form: false, grid: { flex: 1, width: 160 }, filters: [] },
  { name: 'categoryNames', label: 'Categories', kind: 'text', form: false, grid: { flex: 1, width: 160, hidden: true }, filters: [] },
  { name: 'country', label: 'Country', kind: 'text', grid: { width: 100, hidden: true }, sortable: true, nullable: true },
  { name: 'state', label: 'State', kind: 'text', grid: { width: 100, hidden: true }, sortable: true, nullable: true },
  { name: 'createdAt', label: 'Added', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

export const members = defineResource({
  name: 'members',
  entityType: 'membership',
  navId: 'members',
  label: 'Members',
  singular: 'Member',
  titleField: 'name',
  fields,
  create: createMemberBody,
  update: updateMemberBody,
  paths: { list: '/companies/:companyId/memberships', create: '/companies/:companyId/memberships', item: '/memberships/:id' },
  permissions: { view: 'memberships:manage', manage: 'memberships:manage' },
  messages: { created: 'Member Added', saved: 'Member Saved', deleted: 'Member Removed' },
  defaultSort: { field: 'name', order: 'asc' },
});
