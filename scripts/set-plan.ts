/**
 * `npx tsx scripts/set-plan.ts <companyId> <free|paid>`: how an operator upgrades (or downgrades) a
 * company, since Fieldwork takes no payments itself. Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { PLANS, setCompanyPlan, type Plan } from '../server/modules/companies/plan-service.js';

const [idText, plan] = process.argv.slice(2);
const companyId = Number(idText);
if (!Number.isInteger(companyId) || companyId <= 0 || !PLANS.includes(plan as Plan)) {
  console.error(`Usage: npx tsx scripts/set-plan.ts <companyId> <${PLANS.join('|')}>`);
  process.exit(2);
}

// This process runs no background jobs: whatever it queues, the server sends.
const { app, services } = await buildApp(loadConfig(process.env, { runJobs: false }), { logger: false });
try {
  const result = await setCompanyPlan(services, companyId, plan as Plan);
  console.log(result.changed ? `${result.name} (company ${companyId}) is now on the ${plan} plan.` : `${result.name} was already on the ${plan} plan.`);
} catch (err) {
  console.error(`Company ${companyId}: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
