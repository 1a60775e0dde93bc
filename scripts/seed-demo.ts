/**
 * `npm run seed:demo`: a demo company with one person in each default role, so every role's view of
 * the product can be tried. Accounts and the company go through the API (validation, audit, default
 * roles); memberships are written directly until member invitations exist. Safe to run twice.
 */
import { ROLE_NAMES, type RoleName } from '../permissions/index.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { nowIso } from '../server/lib/json.js';
import { seedDemoCatalog } from './seed-demo-catalog.js';
import { CLIENT_LOGIN, seedDemoClient } from './seed-demo-clients.js';
import { seedDemoField } from './seed-demo-field.js';
import { seedDemoProduction } from './seed-demo-production.js';
import { seedDemoTasks } from './seed-demo-tasks.js';
import { seedDemoProjects } from './seed-demo-projects.js';

const PASSWORD = 'fieldwork-demo';
const COMPANY = {
  name: 'Demo Paving & Utilities',
  ein: '12-3456789',
  address: '1200 Congress Avenue',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  contactName: 'Olivia Owner',
  contactPhone: '+1 512 555 0100',
  contactEmail: 'office@demo.fieldwork.test',
  timezone: 'America/Chicago',
};

const PEOPLE: Record<RoleName, string> = {
  Owner: 'Olivia Owner',
  ProjectManager: 'Peter Manager',
  Supervisor: 'Sofia Supervisor',
  CrewLeader: 'Carlos Leader',
  Crew: 'Chris Crew',
  Claims: 'Clara Claims',
  HumanResources: 'Hannah Resources',
  Member: 'Milo Member',
};
const emailOf = (role: RoleName) => `${role.toLowerCase()}@demo.fieldwork.test`;

// This process runs no background jobs: whatever it queues, the server sends.
const { app, services } = await buildApp(loadConfig(process.env, { runJobs: false }), { logger: false });
const db = services.db;

async function account(role: RoleName): Promise<{ id: number; token: string }> {
  const body = { name: PEOPLE[role], phone: '+1 512 555 0199', email: emailOf(role), password: PASSWORD };
  let res = await app.inject({ method: 'POST', url: '/api/v1/users', payload: body });
  if (res.statusCode === 409) res = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: body.email, password: PASSWORD } });
  if (res.statusCode >= 300) throw new Error(`${role}: ${res.body}`);
  const { user, token } = res.json();
  return { id: user.id, token };
}

const owner = await account('Owner');
let company = await db.selectFrom('companies').select('id').where('name', '=', COMPANY.name).where('deleted_at', 'is', null).executeTakeFirst();
if (!company) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/companies', payload: COMPANY, headers: { authorization: `Bearer ${owner.token}` } });
  if (res.statusCode !== 201) throw new Error(`company: ${res.body}`);
  company = { id: res.json().id };
}

for (const role of ROLE_NAMES.filter((r) => r !== 'Owner')) {
  const person = await account(role);
  const held = await db.selectFrom('memberships').select('id').where('user_id', '=', person.id).where('company_id', '=', company.id).executeTakeFirst();
  if (held) continue;
  const roleRow = await db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', company.id).where('name', '=', role).executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({
      user_id: person.id,
      company_id: company.id,
      type: 'company',
      role_id: roleRow.id,
      status: 'accepted',
      name: PEOPLE[role],
      email: emailOf(role),
      phone: '+1 512 555 0199',
      country: 'US',
      state: 'TX',
      notification_settings: '{}',
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}

// Two crews, so the crews screens have something to show; a second run leaves them as they are.
const asOwner = { authorization: `Bearer ${owner.token}`, 'x-company-id': String(company.id) };
const existingCrews = await app.inject({ method: 'GET', url: '/api/v1/crews', headers: asOwner });
if (existingCrews.statusCode !== 200) throw new Error(`crews: ${existingCrews.body}`);
if (existingCrews.json().length === 0) {
  const people = await db.selectFrom('memberships').select(['id', 'email']).where('company_id', '=', company.id).execute();
  const person = (role: RoleName) => people.find((p) => p.email === emailOf(role))!.id;
  const crews = [
    { name: 'Paving Crew 1', members: [person('Crew')], leaders: [person('CrewLeader')] },
    { name: 'Utility Crew', members: [person('Crew')], leaders: [person('Supervisor')] },
  ];
  for (const crew of crews) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/crews', payload: crew, headers: asOwner });
    if (res.statusCode !== 201) throw new Error(`crew ${crew.name}: ${res.body}`);
  }
}

// Clients and subcontractors with markets, and one invitation still waiting for an answer.
const existingClients = await app.inject({ method: 'GET', url: '/api/v1/partnerships/list/client', headers: asOwner });
if (existingClients.statusCode !== 200) throw new Error(`clients: ${existingClients.body}`);
if (existingClients.json().length === 0) {
  const partner = (name: string, city: string, contactName: string, email: string) => ({
    ...COMPANY,
    ein: '',
    name,
    city,
    contactName,
    contactEmail: email,
  });
  const partners = [
    { type: 'client', body: partner('Lone Star Fiber', 'Austin', 'Laura Star', 'laura@lonestarfiber.test'), markets: ['Austin Fiber', 'Round Rock Fiber'] },
    { type: 'client', body: partner('Hill Country Power', 'San Marcos', 'Hank Hill', 'hank@hillcountrypower.test'), markets: ['San Marcos Electric'] },
    { type: 'subcontractor', body: partner('Bluebonnet Boring', 'Georgetown', 'Bea Bonnet', 'bea@bluebonnetboring.test'), markets: ['Austin Fiber'] },
  ];
  for (const p of partners) {
    const res = await app.inject({ method: 'POST', url: `/api/v1/partnerships/create/${p.type}`, payload: p.body, headers: asOwner });
    if (res.statusCode !== 201) throw new Error(`${p.type} ${p.body.name}: ${res.body}`);
    for (const name of p.markets) {
      const added = await app.inject({ method: 'POST', url: `/api/v1/partnerships/${res.json().id}/market`, payload: { name }, headers: asOwner });
      if (added.statusCode !== 200) throw new Error(`market ${name}: ${added.body}`);
    }
  }
  const invite = { name: 'Caliche Trenching', contactName: 'Cal Caliche', contactEmail: 'cal@calichetrenching.test' };
  const res = await app.inject({ method: 'POST', url: '/api/v1/partnerships/invite/subcontractor', payload: invite, headers: asOwner });
  if (res.statusCode !== 201) throw new Error(`invitation: ${res.body}`);
}

await seedDemoCatalog(app, asOwner, company.id);
await seedDemoProjects(app, asOwner, company.id);
await seedDemoProduction(app, asOwner, company.id);
await seedDemoField(app, asOwner, company.id);
await seedDemoTasks(app, asOwner, company.id);
await seedDemoClient(app, db, asOwner, company.id, PASSWORD);
await app.close();
console.log(`Demo company "${COMPANY.name}" is ready. Every login uses the password ${PASSWORD}:`);
for (const role of ROLE_NAMES) console.log(`  ${role.padEnd(15)} ${emailOf(role)}`);
console.log(`Client with a login of its own, "${CLIENT_LOGIN.company}" (its budget review, change order and invoice wait for it):`);
console.log(`  ${'Owner'.padEnd(15)} ${CLIENT_LOGIN.email}`);
console.log('Clients without users, deciding through e-mailed links: Lone Star Fiber (laura@lonestarfiber.test), Hill Country Power (hank@hillcountrypower.test).');
