import type { NotificationTopic } from '../../../resources/notification.js';
import type { Executor } from '../../db/index.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import type { InvoiceRow } from './invoice-scope.js';

const WHAT = {
  send: 'was sent to you',
  approve: 'was approved',
  reject: 'was rejected',
  cancel: 'was cancelled',
  pay: 'was marked paid by the company billed',
  comment: 'has a new comment',
} as const;

/**
 * Tells a company's people with invoices permissions of a change to an invoice: the billed company
 * when it is sent or cancelled, the issuer when it is approved or rejected (signed in or through the
 * mailed link) or marked paid by the billed company, the other side of a comment. A company not on
 * the platform (no client_id), and the actor (null through a link), hear nothing.
 */
export async function notifyInvoice(services: NotifyServices, db: Executor, invoice: InvoiceRow, actorUserId: number | null, toCompanyId: number | null, event: keyof typeof WHAT, detail?: string | null) {
  if (toCompanyId === null) return;
  const recipients = await membersWithPermission(db, [toCompanyId], 'invoices');
  const type: NotificationTopic = event === 'comment' ? 'invoice-comment' : 'invoice';
  await notifyMembers(services, db, recipients, actorUserId, {
    type,
    description: `Invoice ${invoice.number} ${WHAT[event]}${detail ? `: ${detail}` : ''}`,
    entityId: invoice.id,
    options: { projectId: invoice.project_id },
  });
}
