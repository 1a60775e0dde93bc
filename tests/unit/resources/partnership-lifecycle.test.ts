import { allows, PARTNERSHIP_EVENTS, PARTNERSHIP_STATUSES, transitionOf } from '../../../resources/partnership-lifecycle.js';

describe('partnership lifecycle (what the server enforces and the client offers)', () => {
  it('lets the asked company answer a request or invitation, and only the asking one withdraw it', () => {
    for (const status of ['requested', 'invited'] as const) {
      expect(allows(status, 'accept', 'partner')).toBe(true);
      expect(allows(status, 'decline', 'partner')).toBe(true);
      expect(allows(status, 'accept', 'host')).toBe(false);
      expect(allows(status, 'decline', 'host')).toBe(false);
      expect(allows(status, 'end', 'host')).toBe(true);
      expect(allows(status, 'end', 'partner')).toBe(false);
    }
    expect(transitionOf('requested', 'accept')?.to).toBe('active');
    expect(transitionOf('requested', 'decline')?.to).toBe('declined');
  });

  it('lets either side end an active partnership, and nothing move a declined or ended one', () => {
    expect(allows('active', 'end', 'host')).toBe(true);
    expect(allows('active', 'end', 'partner')).toBe(true);
    expect(transitionOf('active', 'accept')).toBeUndefined();
    for (const status of PARTNERSHIP_STATUSES.filter((s) => s === 'declined' || s === 'ended')) {
      for (const event of PARTNERSHIP_EVENTS) expect(transitionOf(status, event), `${status} ${event}`).toBeUndefined();
    }
  });
});
