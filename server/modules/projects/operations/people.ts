import { z } from 'zod';
import { text } from '../../../../resources/text.js';
import { defineRoute } from '../../../http/route.js';
import { manageGuard, projectParams } from '../project-params.js';
import { listProjectPeople as list, MAX_PEOPLE } from '../project-people.js';

export const listProjectPeople = defineRoute({
  method: 'GET',
  url: '/projects/:id/people',
  access: { permission: 'projects:view' },
  summary: `The people a project role may be given (the invite member dialog): accepted members of the company that runs the project, of its client and, for a sub-project, of the parent project's company, with their company and side (at most ${MAX_PEOPLE}; q narrows by name or e-mail). The company that runs it, with projects:manage`,
  tags: ['projects'],
  params: projectParams,
  query: z.object({ q: text().max(100, 'At most 100 characters').optional() }),
  guard: manageGuard,
  handler: ({ actor, services, params, query }) => list(services.db, actor, params.id, query.q),
});
