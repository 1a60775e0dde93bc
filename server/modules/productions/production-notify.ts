import { PRODUCTION_TOPICS } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import { escapeHtml } from '../../lib/html.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import { parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { ProductionRow } from './production-access.js';
import type { ProjectRow } from '../projects/project-access.js';

export type ProductionTopic = (typeof PRODUCTION_TOPICS)[keyof typeof PRODUCTION_TOPICS];

/** The companies that review a production: its producer, and the project's owner when a subcontractor produced. */
export const reviewingCompanies = (production: Pick<ProductionRow, 'company_id'>, project: Pick<ProjectRow, 'company_id'>) =>
  production.company_id === project.company_id ? [production.company_id] : [production.company_id, project.company_id];

/** How a notification names a production: "Crew A, P-1 on 2026-03-05". */
export async function productionTitle(db: Executor, production: Pick<ProductionRow, 'crew_id' | 'date'>, project: Pick<ProjectRow, 'code'>) {
  const crew = await db.selectFrom('crews').select('name').where('id', '=', production.crew_id).executeTakeFirst();
  return `${crew?.name ?? 'A crew'}'s production on ${project.code} of ${production.date}`;
}

/**
 * One notification row per person with productions permissions of the given companies, the actor
 * left out (lib/notify.ts); the link is the production's inspection page (spec 02 §2).
 */
export async function notifyProduction(
  services: NotifyServices, db: Executor,
  companyIds: number[],
  actorUserId: number,
  entry: { topic: ProductionTopic; description: string; production: Pick<ProductionRow, 'id' | 'project_id'>; eventId?: number },
) {
  const recipients = await membersWithPermission(db, [...new Set(companyIds)], 'productions');
  await notifyMembers(services, db, recipients, actorUserId, {
    type: entry.topic,
    description: entry.description,
    entityId: entry.production.id,
    options: { projectId: entry.production.project_id, ...(entry.eventId ? { eventId: entry.eventId } : {}) },
  });
}

/** The producer's people who hold productions:manage, with their e-mail addresses. */
async function producerManagers(db: Executor, companyId: number) {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'r.permissions'])
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .execute();
  return rows.filter((r) =>
    parseJson<Array<{ resourceType: string; action: string }>>(r.permissions, []).some(
      (p) => (p.resourceType === '_any' || p.resourceType === 'productions') && (p.action === '_any' || p.action === 'manage'),
    ),
  );
}

/** The approve call's sendEmail: a mail to each of the producer's productions:manage people, through the outbox in the same transaction. */
export async function mailApproval(services: Services, db: Executor, production: Pick<ProductionRow, 'id' | 'company_id'>, title: string, fullyApproved: boolean, reviewer: string) {
  const link = `${services.config.publicUrl}/app/productions/inspect/${production.id}`;
  const what = fullyApproved ? 'is approved' : `was approved by ${reviewer}`;
  const emails = [...new Set((await producerManagers(db, production.company_id)).map((r) => r.email))];
  for (const to of emails) {
    await services.mailer.send(
      {
        to,
        subject: `Production approved: ${title}`,
        text: `${title} ${what}.\n\nOpen it: ${link}\n`,
        html: `<p>${escapeHtml(title)} ${escapeHtml(what)}.</p><p><a href="${escapeHtml(link)}">Open the production</a></p>`,
      },
      { executor: db },
    );
  }
  return emails.length;
}
