import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { companyFields } from './company.js';
import { defineResource, type ResourceDef, type ResourceField } from './engine.js';
import type { PartnershipSide, PartnershipStatus } from './partnership-lifecycle.js';
import { email } from './user.js';

export type { PartnershipSide, PartnershipStatus } from './partnership-lifecycle.js';

/**
 * Partnerships (spec 01 §3): a host company works with a partner company as its client or its
 * subcontractor. Shared by the API (validation) and the client (grids, forms).
 */
export const PARTNER_TYPES = ['client', 'subcontractor'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
export const partnerType = z.enum(PARTNER_TYPES, { error: 'Type must be client or subcontractor' });

/** The other side of a relationship: a host's subcontractor sees the host as its client. */
export const oppositeType = (type: PartnerType): PartnerType => (type === 'client' ? 'subcontractor' : 'client');

/** Spec 01 §9: market search needs at least 3 characters; the client asks only past 2. */
export const MARKET_SEARCH_MIN = 3;
/** Company search in the Add dialog follows the same rule, so the directory cannot be listed letter by letter. */
export const COMPANY_SEARCH_MIN = 3;

export const PARTNER_MESSAGES = {
  client: { added: 'Client Added', deleted: 'Client Deleted' },
  subcontractor: { added: 'Subcontractor Added', deleted: 'Subcontractor Deleted' },
} as const;

/** The spec names no message for answering a request; these follow its wording. */
export const REQUEST_MESSAGES = { accepted: 'Request Accepted', declined: 'Request Declined' } as const;

export const INVITATION_INVALID = 'This invitation is invalid or has expired.';

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** POST /partnerships/add/{type}: an existing company. */
export const addPartnerBody = z.object({
  guestCompanyId: id('Choose a company'),
});
export type AddPartnerBody = z.infer<typeof addPartnerBody>;

/** POST /partnerships/invite/{type}: a company not on Fieldwork yet, reached through its contact. */
export const invitePartnerBody = z.object({
  name: requiredText('Company name', 160),
  contactName: requiredText('Contact name', 120),
  contactEmail: email,
});
export type InvitePartnerBody = z.infer<typeof invitePartnerBody>;

/** POST /partnerships/create/{type}: the company registration fields (spec 01 §3, §5). */
export const createPartnerBody = companyFields;
export type CreatePartnerBody = z.input<typeof createPartnerBody>;

/** PATCH /partnerships/invitations/{token}/decline, and PATCH /partnerships/{id}/decline for a request. */
export const declineInvitationBody = z.object({ reason: requiredText('Reason', 1000) });
export type DeclineInvitationBody = z.infer<typeof declineInvitationBody>;

export const marketName = requiredText('Market', 80);

/** POST /partnerships/{id}/market: adds the market, creating it in the company when new. */
export const addMarketBody = z.object({ name: marketName });

/** DELETE /partnerships/{id}/market: by id, or by name. */
export const removeMarketBody = z
  .object({ marketId: id().optional(), name: marketName.optional() })
  .refine((v) => v.marketId !== undefined || v.name !== undefined, { message: 'Give marketId or name', path: ['marketId'] });
export type RemoveMarketBody = z.infer<typeof removeMarketBody>;

export interface Market {
  id: number;
  name: string;
}

/** A partnership as the active company sees it; `partnerId` and `name` are the other company's. */
export interface PartnershipView {
  id: number;
  /** What the other company is to the one looking: its client or its subcontractor. */
  type: PartnerType;
  clientId: number | null;
  subcontractorId: number | null;
  partnerId: number | null;
  name: string;
  /** The other company's contact; null for the asking company until its request is accepted. */
  contactName: string | null;
  contactEmail: string | null;
  status: PartnershipStatus;
  /** Why the invited company declined, in its own words. */
  declineReason: string | null;
  /** 'host' made the partnership and manages its markets; 'partner' was asked (or invited) and answers. */
  side: PartnershipSide;
  endedAt: string | null;
  /** Which side ended it (compare with `side` to tell whether it was the company looking). */
  endedBy: PartnershipSide | null;
  markets: Market[];
  createdAt: string;
  updatedAt: string;
}

export interface PartnershipInvitationView {
  clientName: string | null;
  clientContactName: string | null;
  clientContactEmail: string | null;
  subcontractorName: string | null;
  subcontractorContactName: string | null;
  subcontractorContactEmail: string | null;
  clientId: number | null;
  subcontractorId: number | null;
  /** What the invited company becomes: the host's client or its subcontractor. */
  guestType: PartnerType;
  status: 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
  declineReason: string | null;
  expiresAt: string;
}

export const STATUS_OPTIONS = [
  { value: 'requested', label: 'Requested' },
  { value: 'invited', label: 'Invited' },
  { value: 'active', label: 'Active' },
  { value: 'declined', label: 'Declined' },
  { value: 'ended', label: 'Ended' },
] as const satisfies ReadonlyArray<{ value: PartnershipStatus; label: string }>;

const SIDE_OPTIONS = [
  { value: 'host', label: 'Your company' },
  { value: 'partner', label: 'The other company' },
] as const satisfies ReadonlyArray<{ value: PartnershipSide; label: string }>;

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', grid: { flex: 1 }, sortable: true },
  { name: 'contactName', label: 'Contact', kind: 'text', capitalize: true, grid: { flex: 1 }, sortable: true, nullable: true },
  { name: 'contactEmail', label: 'Contact email', kind: 'email', grid: { flex: 1 }, sortable: true, nullable: true },
  { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, grid: { width: 130 }, sortable: true },
  { name: 'declineReason', label: 'Decline reason', kind: 'multiline', grid: { flex: 1, hidden: true }, sortable: false, nullable: true, form: false },
  // Which company asked: filtering on 'partner' with status 'requested' gives the requests waiting for this company.
  { name: 'side', label: 'Asked by', kind: 'select', options: SIDE_OPTIONS, grid: { width: 150, hidden: true }, sortable: true, form: false },
  { name: 'createdAt', label: 'Since', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
  { name: 'endedAt', label: 'Ended', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true, nullable: true },
];

const partnerResource = (type: PartnerType, o: { name: string; label: string; singular: string }): ResourceDef =>
  defineResource({
    name: o.name,
    entityType: 'partnership',
    navId: o.name,
    label: o.label,
    singular: o.singular,
    titleField: 'name',
    fields,
    create: invitePartnerBody,
    update: z.object({}),
    paths: { list: `/partnerships/list/${type}`, create: `/partnerships/invite/${type}`, item: '/partnerships/get/:id', delete: '/partnerships/delete/:id' },
    permissions: { view: 'partnerships:view', manage: 'partnerships:manage' },
    messages: { created: PARTNER_MESSAGES[type].added, saved: `${o.singular} Saved`, deleted: PARTNER_MESSAGES[type].deleted },
    defaultSort: { field: 'name', order: 'asc' },
  });

export const clients = partnerResource('client', { name: 'clients', label: 'Clients', singular: 'Client' });
export const subcontractors = partnerResource('subcontractor', { name: 'subcontractors', label: 'Subcontractors', singular: 'Subcontractor' });
export const partnerResourceOf = (type: PartnerType) => (type === 'client' ? clients : subcontractors);
export const partnerTypeOf = (def: ResourceDef): PartnerType => (def.name === clients.name ? 'client' : 'subcontractor');
