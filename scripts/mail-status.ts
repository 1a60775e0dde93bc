/**
 * `npx tsx scripts/mail-status.ts`: mail by status, and the messages that failed or are being retried
 * with their last error. `npx tsx scripts/mail-status.ts retry <outboxId>` sends a failed one again.
 * Uses the same DATA_DIR / DATABASE_URL (and SMTP_URL, REDIS_URL) as the server; see docs/operations.md.
 */
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { mailStatus } from '../server/lib/mail-status.js';

const [command, idText] = process.argv.slice(2);
if (command !== undefined && !(command === 'retry' && Number.isInteger(Number(idText)) && Number(idText) > 0)) {
  console.error('Usage: npx tsx scripts/mail-status.ts [retry <outboxId>]');
  process.exit(2);
}

// This process runs no jobs: a retried message is sent by the running server.
const { app, services } = await buildApp(loadConfig(process.env, { runJobs: false }), { logger: false });
try {
  if (command === 'retry') {
    const id = Number(idText);
    if (services.mailer.delivery === 'outbox') {
      console.error('SMTP_URL is not set: mail is kept in the outbox, not sent, so there is nothing to retry.');
      process.exitCode = 1;
    } else if (await services.mailer.retry(id)) {
      console.log(`Mail ${id} is queued again; the server sends it.`);
    } else {
      console.error(`Mail ${id} is not a failed message.`);
      process.exitCode = 1;
    }
  } else {
    const { counts, problems } = await mailStatus(services.db);
    console.log(`Mail delivery: ${services.mailer.delivery === 'smtp' ? 'SMTP' : 'none (SMTP_URL not set; messages are kept in mail_outbox)'}`);
    console.log(`By status: ${Object.entries(counts).map(([s, n]) => `${s} ${n}`).join(', ') || 'no mail yet'}`);
    if (problems.length) {
      console.log('\nFailed or being retried (newest first):');
      for (const m of problems) {
        console.log(`  #${m.id}  ${m.status}  attempts ${m.attempts}  ${m.created_at}  to ${m.to_address}  "${m.subject}"\n      ${m.error ?? ''}`);
      }
    }
  }
} finally {
  await app.close();
}
