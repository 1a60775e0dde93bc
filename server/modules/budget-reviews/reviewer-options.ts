import type { ReviewerOption } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { projectPeople } from '../projects/project-people.js';
import { budgetScope, requireManage } from './review-scope.js';

/**
 * The people a review may be asked of (the owner's, the client's and a parent project owner's
 * accepted members: the project's people, `projectPeople`), for the request dialog's picker, only to
 * the owner's project managers, who need them to choose. `search` narrows by name or e-mail.
 */
export async function reviewerOptions(services: Services, actor: Actor, projectId: number, budgetId: number, search: string | undefined): Promise<ReviewerOption[]> {
  const { access } = await budgetScope(services.db, actor, projectId, budgetId);
  requireManage(access);
  return projectPeople(services.db, access.project, search);
}
