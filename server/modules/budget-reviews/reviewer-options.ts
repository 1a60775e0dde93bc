import type { ReviewerOption } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import { defaultClientContact } from '../../lib/client-contact.js';
import type { Services } from '../../services.js';
import { projectPeople } from '../projects/project-people.js';
import { budgetScope, requireManage } from './review-scope.js';

/**
 * The people a review may be asked of (the owner's, the client's and a parent project owner's
 * accepted members: the project's people, `projectPeople`), then the client's contact for a project
 * with a client, for the request dialog's picker, only to the owner's project managers, who need them
 * to choose. `search` narrows by name or e-mail.
 */
export async function reviewerOptions(services: Services, actor: Actor, projectId: number, budgetId: number, search: string | undefined): Promise<ReviewerOption[]> {
  const { access } = await budgetScope(services.db, actor, projectId, budgetId);
  requireManage(access);
  const { project } = access;
  const people: ReviewerOption[] = (await projectPeople(services.db, project, search)).map((p) => ({ ...p, kind: 'member' as const }));
  if (project.client_id === null && !project.client_name && !project.client_email) return people;
  const [contact, client] = await Promise.all([
    defaultClientContact(services.db, { issuerCompanyId: project.company_id, clientCompanyId: project.client_id, project }),
    project.client_id === null ? undefined : services.db.selectFrom('companies').select('name').where('id', '=', project.client_id).executeTakeFirst(),
  ]);
  const companyName = client?.name ?? project.client_name ?? project.client_email!;
  const name = contact?.name ?? 'The client’s contact';
  const needle = search?.trim().toLowerCase();
  if (needle && ![name, contact?.email ?? '', companyName].some((v) => v.toLowerCase().includes(needle))) return people;
  return [...people, { kind: 'contact', id: 'contact', companyId: project.client_id, companyName, name, email: contact?.email ?? null, side: 'client' }];
}
