import { describeActivity } from '../../../resources/activity-wording';

describe('the trail in the product words', () => {
  it('reads status codes as their labels, per kind of record', () => {
    expect(describeActivity({ entityType: 'invoice', action: 'approved', changes: { status: { from: 'submit', to: 'unpaid' } } })).toBe('Invoice approved: Sent → Approved, unpaid');
    expect(describeActivity({ entityType: 'invoice', action: 'sent', changes: { status: { from: 'draft', to: 'submit' } } })).toBe('Invoice sent: Draft → Sent');
    expect(describeActivity({ entityType: 'change_order', action: 'rejected', changes: { status: { from: 'sent', to: 'rejected' } } })).toBe('Change order rejected: Sent → Sent back');
    expect(describeActivity({ entityType: 'budget', action: 'submitted', changes: { status: { from: 'draft', to: 'submitted' } } })).toBe('Budget submitted: Draft → In review');
    expect(describeActivity({ entityType: 'task', action: 'moved', changes: { status: { from: 'progress', to: 'completed' } } })).toBe('Task moved: In progress → Completed');
    expect(describeActivity({ entityType: 'production', action: 'approved', changes: { status: { from: 'submitted', to: 'approved' } } })).toBe('Production approved: Submitted → Approved');
    expect(describeActivity({ entityType: 'damage', action: 'status changed', changes: { status: { from: 'reported', to: 'in_repair' } } })).toBe('Damage status changed: Reported → In repair');
    expect(describeActivity({ entityType: 'footprint', action: 'restoration changed', changes: { restorationStatus: { from: 'open', to: 'temporary' } } })).toBe('Footprint restoration changed: Open → Temporary restoration');
    // A code the wording does not know is shown as it is rather than hidden.
    expect(describeActivity({ entityType: 'invoice', action: 'moved', changes: { status: { from: 'paid', to: 'archived' } } })).toBe('Invoice moved: Paid → archived');
  });

  it('names a picture edit in words and never shows byte lengths, ids or timestamps', () => {
    expect(describeActivity({ entityType: 'file', action: 'picture edited', changes: {} })).toBe('Picture edited');
    // Events recorded before the wording carried the byte counts: the event stays, the counts go.
    expect(describeActivity({ entityType: 'file', action: 'edited', changes: { length: { from: 35145, to: 55560 } } })).toBe('File edited');
    const told = describeActivity({
      entityType: 'damage',
      action: 'updated',
      changes: {
        description: { from: 'Cracked apron', to: 'Cracked apron, two panels' },
        nextStatuses: { from: ['closed'], to: ['claimed'] },
        reportedById: { from: 1, to: 2 },
        updated_at: { from: null, to: '2026-11-28T02:01:35.745Z' },
        object_name: { from: 'a/b', to: 'c/d' },
      },
    });
    expect(told).toBe('Damage updated: description Cracked apron → Cracked apron, two panels');
    expect(told).not.toMatch(/\d{4}-\d{2}-\d{2}T|object|next/);
  });

  it('writes field names as words, flags as Yes/No, percents in thousandths as percents, and lists plainly', () => {
    expect(
      describeActivity({
        entityType: 'budget',
        action: 'submitted',
        changes: { single_part: { from: null, to: 0 }, retainage_e3: { from: null, to: 10000 }, status: { from: 'draft', to: 'submitted' } },
      }),
    ).toBe('Budget submitted: single part set to No, retainage percent set to 10 %, Draft → In review');
    expect(describeActivity({ entityType: 'project', action: 'stations updated', changes: { stations: { from: [], to: ['0+00 @ 0', '5+00 @ 500'] } } })).toBe('Project stations updated: stations set to 0+00 @ 0, 5+00 @ 500');
    expect(describeActivity({ entityType: 'invoice', action: 'edited', changes: { dueDate: { from: '2026-12-27', to: '2027-01-03' } }, hidden: true })).toBe('Invoice edited: due date 2026-12-27 → 2027-01-03 (details hidden)');
  });

  it('a creation names what was created, not every field', () => {
    expect(describeActivity({ entityType: 'budget_item', action: 'created', changes: { quantity: { from: null, to: 85 } } })).toBe('Budget item created');
  });
});
