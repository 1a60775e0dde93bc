import { liveEventsFor } from '../../../server/realtime/live-events.js';

const events = (method: string, url: string, params: Record<string, unknown>, tables: string[]) =>
  Object.fromEntries(liveEventsFor(method, url, params, tables).map(({ event, audience }) => [event.channel.replace('resources/', ''), { type: event.type, ids: event.payload.ids, audience }]));

describe('live events of a change', () => {
  it('names the row the path names, for every resource that shows it', () => {
    expect(events('PATCH', '/tasks/:id', { id: 5 }, ['tasks', 'audit_events'])).toEqual({
      tasks: { type: 'updated', ids: [5], audience: 'company' },
      'task-board': { type: 'updated', ids: [5], audience: 'company' },
      'project-tasks': { type: 'updated', ids: [5], audience: 'company' },
    });
    expect(events('PATCH', '/production/:id', { id: 9 }, ['productions']).productions).toEqual({ type: 'updated', ids: [9], audience: 'project' });
  });

  it('is created without ids where the path names no row of the resource, deleted for the row the path ends at', () => {
    expect(events('POST', '/production/project/:projectId', { projectId: 3 }, ['productions']).productions).toEqual({ type: 'created', ids: [], audience: 'project' });
    expect(events('POST', '/invoices/:companyId', { companyId: 7 }, ['invoices']).invoices).toMatchObject({ type: 'created', ids: [] });
    expect(events('DELETE', '/tasks/:id', { id: 5 }, ['tasks']).tasks).toMatchObject({ type: 'deleted', ids: [5] });
    // Deleting a budget item changes its budget: the budget is updated, the item deleted.
    const removed = events('DELETE', '/projects/:id/budgets/:budgetId/items/:budgetItemId', { id: 1, budgetId: 2, budgetItemId: 3 }, ['budget_items', 'budgets']);
    expect(removed['budget-items']).toMatchObject({ type: 'deleted', ids: [3] });
    expect(removed.budgets).toMatchObject({ type: 'updated', ids: [2] });
    // An action on a row (POST …/:id/approve) updates it.
    expect(events('POST', '/production/:id/approve', { id: 9 }, ['productions', 'production_reviews']).productions).toMatchObject({ type: 'updated', ids: [9] });
  });

  it('announces nothing for tables no screen shows', () => {
    expect(liveEventsFor('POST', '/users/login', {}, ['sessions', 'audit_events', 'mail_outbox', 'jobs'])).toEqual([]);
  });
});
