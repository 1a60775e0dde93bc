import { UnresolvedRef, resolveRefs } from '../../../src/offline/references';

describe('outbox references', () => {
  const answers = new Map<string, unknown>([['created', { id: 41, items: [{ id: 7 }, { id: 8 }, { id: 9 }] }]]);

  it('take a field of an earlier answer, or an item of it by position (negative from the end)', () => {
    expect(resolveRefs(['/production/', { $ref: 'created', field: 'id' }, '/submit'], answers)).toEqual(['/production/', 41, '/submit']);
    expect(resolveRefs({ $ref: 'created', field: 'items.1.id' }, answers)).toBe(8);
    expect(resolveRefs({ $ref: 'created', field: 'items.-1.id' }, answers)).toBe(9);
  });

  it('refuse a path the answer does not hold', () => {
    expect(() => resolveRefs({ $ref: 'created', field: 'items.5.id' }, answers)).toThrow(UnresolvedRef);
    expect(() => resolveRefs({ $ref: 'created', field: 'id.x' }, answers)).toThrow(UnresolvedRef);
  });
});
