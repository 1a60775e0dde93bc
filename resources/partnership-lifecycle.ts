/**
 * A partnership's life, shared by the server (which enforces it) and the client (which offers only
 * the buttons it allows). A request to a company on Fieldwork and an e-mail invitation wait for the
 * other company's answer; an accepted partnership is active until either side ends it. Nothing is
 * deleted: declined and ended partnerships stay, for both sides' records.
 */
export const PARTNERSHIP_STATUSES = ['requested', 'invited', 'active', 'declined', 'ended'] as const;
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number];

export const PARTNERSHIP_EVENTS = ['accept', 'decline', 'end'] as const;
export type PartnershipEvent = (typeof PARTNERSHIP_EVENTS)[number];

/** The company that made the partnership, or the other one (for an invitation: whoever answers it). */
export type PartnershipSide = 'host' | 'partner';

interface Transition {
  to: PartnershipStatus;
  by: readonly PartnershipSide[];
}

const answer = { accept: { to: 'active', by: ['partner'] }, decline: { to: 'declined', by: ['partner'] } } as const;

/** From each status, the events it allows, where they lead and which side may cause them. */
const TRANSITIONS: Record<PartnershipStatus, Partial<Record<PartnershipEvent, Transition>>> = {
  // Only the asking company withdraws a request it made; the asked one declines instead.
  requested: { ...answer, end: { to: 'ended', by: ['host'] } },
  invited: { ...answer, end: { to: 'ended', by: ['host'] } },
  // Either company may stop working with the other.
  active: { end: { to: 'ended', by: ['host', 'partner'] } },
  declined: {},
  ended: {},
};

/** Where the event leads from this status; undefined when the status does not allow it. */
export const transitionOf = (status: PartnershipStatus, event: PartnershipEvent): Transition | undefined => TRANSITIONS[status][event];

/** Whether this side may cause the event now (the client's test for showing a button). */
export const allows = (status: PartnershipStatus, event: PartnershipEvent, side: PartnershipSide) => !!transitionOf(status, event)?.by.includes(side);

/** Still waiting for the other company's answer. */
export const isPending = (status: PartnershipStatus) => status === 'requested' || status === 'invited';

/** Not declined or ended: the partnership still binds the two companies (or soon may). */
export const isLive = (status: PartnershipStatus) => status !== 'declined' && status !== 'ended';
