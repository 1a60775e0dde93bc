import { EXPIRING_SOON_DAYS } from '../../../resources/locate.js';
import { registerHourly, scheduleHourly } from '../../jobs/hourly.js';
import { nowIso } from '../../lib/json.js';
import { queueWebhookEvent } from '../../lib/webhooks/deliveries.js';
import type { Services } from '../../services.js';
import { locateDetail } from './locate-view.js';

const ANNOUNCE_JOB = 'locates.announce-expiring';
/** Tickets claimed per run at most: the next hour takes the rest. */
const PER_RUN = 1000;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Sends `locate.expiring` for every open ticket that expires within EXPIRING_SOON_DAYS (the window
 * the attention list calls expiring) and was not yet announced for its present expiry date. Each
 * ticket is claimed by a conditional update in the transaction that queues its deliveries, so a
 * ticket is announced once per expiry date however many processes scan. Returns how many were.
 */
export async function announceExpiringLocates(services: Services, today = nowIso().slice(0, 10)): Promise<number> {
  const due = await services.db
    .selectFrom('locates')
    .select(['id', 'company_id', 'project_id', 'expires_on'])
    .where('status', '!=', 'closed')
    .where('expires_on', '>=', today)
    .where('expires_on', '<', addDays(today, EXPIRING_SOON_DAYS))
    .where((eb) => eb.or([eb('expiring_announced_for', 'is', null), eb('expiring_announced_for', '!=', eb.ref('expires_on'))]))
    .orderBy('id')
    .limit(PER_RUN)
    .execute();
  let announced = 0;
  for (const ticket of due) {
    announced += await services.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('locates')
        .set({ expiring_announced_for: ticket.expires_on })
        .where('id', '=', ticket.id)
        .where('expires_on', '=', ticket.expires_on)
        .where('status', '!=', 'closed')
        .where((eb) => eb.or([eb('expiring_announced_for', 'is', null), eb('expiring_announced_for', '!=', ticket.expires_on)]))
        .executeTakeFirst();
      if (!Number(claimed.numUpdatedRows)) return 0;
      await queueWebhookEvent(services, trx, {
        event: 'locate.expiring',
        companyIds: [ticket.company_id],
        ids: { locateId: ticket.id, projectId: ticket.project_id },
        // Read by no one in particular: what a member who may not manage the ticket is answered.
        data: () => locateDetail(trx, ticket.company_id, ticket.id, false),
      });
      return 1;
    });
  }
  return announced;
}

export function registerLocateExpiring(services: Services) {
  registerHourly(services.jobs, ANNOUNCE_JOB, async () => {
    const announced = await announceExpiringLocates(services);
    if (announced) services.log.info({ announced }, 'expiring locate tickets announced to webhooks');
  });
}

/** Queues the coming hour's scan unless a process already did (server/main.ts, at start). */
export const scheduleLocateExpiring = (services: Services) => scheduleHourly(services.jobs, ANNOUNCE_JOB);
