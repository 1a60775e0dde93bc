import { defineRoute } from '../../../http/route.js';
import { attentionRows } from '../attention.js';
import { attentionQuery } from '../dashboard-params.js';

export const listAttention = defineRoute({
  method: 'GET',
  url: '/dashboard/attention',
  access: { permission: 'dashboard-open' },
  summary:
    "What needs attention in the acting company, at most 50 rows, the most urgent first: budgets waiting for its review, productions waiting for its approval, invoices it issued past due and unpaid, locate tickets not closed that expired or expire within 3 days. kinds=… picks some (each only with the right to see its rows); projectId narrows to one project",
  tags: ['dashboards'],
  query: attentionQuery,
  handler: ({ actor, services, query }) => attentionRows(services.db, actor, query),
});
