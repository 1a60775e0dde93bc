import { addMember, companyData, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

/** The rows a fuzzed request can name, so each route's own code runs rather than stopping at a 404. */
export interface FuzzWorld {
  token: string;
  email: string;
  password: string;
  companyId: number;
  otherCompanyId: number;
  memberId: number;
  memberRoleId: number;
  roleId: number;
  crewId: number;
  itemId: number;
  partnershipId: number;
  marketId: number;
  viewId: number;
  /** A folder under the company's root, and a file in it. */
  folderId: number;
  fileId: number;
  /** Catalog resource name → the id of one of its rows. */
  catalog: Record<string, number>;
  /** A project with an approved budget, one budget item and a draft change order on it. */
  projectId: number;
  budgetId: number;
  budgetItemId: number;
  changeOrderId: number;
  /** A pending review of that budget asked of the owner, and the budget half of its external link. */
  reviewId: number;
  budgetHash: string;
  /** The client company of the partnership, and a role of the project. */
  clientId: number;
  projectRoleId: number;
  /** A draft production of the crew on that project, with one item and a comment. */
  productionId: number;
  productionItemId: number;
  /** A draft invoice billing the item of an approved production (approved in the database: the productions area's). */
  invoiceId: number;
  invoiceProductionId: number;
  invoiceProductionItemId: number;
  productionCommentId: number;
  /** A check-in of the owner on the project, and a locate ticket of it with one response. */
  logId: number;
  locateId: number;
  locateResponseId: number;
  /** A damage on the project with a proof file, and a footprint with a photo's id (none: the fuzzer's deletes find none). */
  damageId: number;
  footprintId: number;
  /** A task of the crew on the project. */
  taskId: number;
  /** The owner's user id, a chat of the owner's with the member, and a quick note of the owner's. */
  userId: number;
  chatId: number;
  quickNoteId: number;
  /** The owner's membership, and a notification of it. */
  ownerMembershipId: number;
  notificationId: number;
  /** A public dashboard of the owner's with one figure widget, and its public URL. */
  dashboardId: number;
  widgetId: number;
  /** A webhook of the company (a literal public address: no DNS is asked). */
  webhookId: number;
  publicURL: string;
}

/** A token-shaped string no invitation or reset link holds. */
const UNKNOWN_TOKEN = 'x'.repeat(43);

async function created(s: TestServer, token: string, method: 'POST' | 'PATCH', path: string, body: unknown): Promise<{ id: number }> {
  const res = await s.call(method, `${API}${path}`, { token, body });
  if (res.status >= 300) throw new Error(`seeding ${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function seedWorld(s: TestServer): Promise<FuzzWorld> {
  const owner = await ownerWithCompany(s, 'Fuzz Co');
  const companyId = owner.company.id as number;
  const other = await ownerWithCompany(s, 'Other Fuzz Co');
  const member = await addMember(s, companyId, 'Member');
  const membership = await s.services.db
    .selectFrom('memberships')
    .select(['id', 'role_id'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', member.user.id)
    .executeTakeFirstOrThrow();
  const t = owner.token;
  const root = (await s.call('GET', `${API}/folders/root`, { token: t })).body.folder as { id: number };
  const folder = await created(s, t, 'POST', '/folders', { parentId: root.id, name: 'Fuzz Folder' });
  const boundary = 'fuzzboundary';
  const upload = await s.call('POST', `${API}/filesNew`, {
    token: t,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folder.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="fuzz.txt"\r\nContent-Type: text/plain\r\n\r\nfuzz\r\n--${boundary}--\r\n`,
    ),
  });
  if (upload.status !== 201) throw new Error(`seeding a file failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  const catalog: Record<string, number> = {};
  for (const [name, body] of Object.entries(CATALOG_BODIES)) catalog[name] = (await created(s, t, 'POST', `/companies/${companyId}/${name}`, body)).id;
  const partnership = await created(s, t, 'POST', '/partnerships/create/client', companyData({ name: 'Fuzz Client' }));
  const markets = (await created(s, t, 'POST', `/partnerships/${partnership.id}/market`, { name: 'North' })) as unknown as { markets: Array<{ id: number }> };
  await created(s, t, 'POST', `/partnerships/${partnership.id}/market`, { name: 'South' });
  const itemId = (await created(s, t, 'POST', '/items', { name: 'Fuzz Item' })).id;
  const project = (await created(s, t, 'POST', `/companies/${companyId}/projects`, { projectName: 'Fuzz Project', code: 'FUZZ-1' })) as unknown as { id: number; budgetId: number };
  await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', project.budgetId).execute();
  const at = new Date().toISOString();
  const budgetItem = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: project.budgetId, item_id: itemId, report_weight: 0, quantity: 10, price_cents: 1250, description: null, created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const changeOrder = await created(s, t, 'POST', `/projects/${project.id}/budgets/${project.budgetId}/change-orders`, { itemId: budgetItem.id });
  const ownerMembership = await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', owner.user.id).executeTakeFirstOrThrow();
  const review = await s.services.db
    .insertInto('budget_reviews')
    .values({
      budget_id: project.budgetId,
      membership_id: ownerMembership.id,
      reviewer_company_id: companyId,
      reviewer_name: 'Fuzz Owner',
      reviewer_email: owner.email,
      status: 'pending',
      status_reason: null,
      token_hash: 'f'.repeat(64),
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      signature_file_id: null,
      signature_sha256: null,
      signed_at: null,
      signer_name: null,
      signer_ip: null,
      signer_user_agent: null,
      requested_by: owner.user.id,
      decided_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const budgetHash = (await s.services.db.selectFrom('budgets').select('public_hash').where('id', '=', project.budgetId).executeTakeFirstOrThrow()).public_hash;
  const projectRole = await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', project.id).executeTakeFirstOrThrow();
  const world = {
    token: t,
    email: owner.email,
    password: owner.password,
    companyId,
    otherCompanyId: other.company.id,
    memberId: membership.id,
    memberRoleId: membership.role_id,
    roleId: (await created(s, t, 'POST', `/roles/company/${companyId}`, { name: 'Fuzz Role', permissions: [] })).id,
    crewId: (await created(s, t, 'POST', '/crews', { name: 'Fuzz Crew' })).id,
    itemId,
    partnershipId: partnership.id,
    marketId: markets.markets[0]!.id,
    viewId: (await created(s, t, 'POST', '/users/me/views', { type: 'items', name: 'Mine', filters: {} })).id,
    folderId: folder.id,
    fileId: upload.body.files[0].id,
    catalog,
    projectId: project.id,
    budgetId: project.budgetId,
    budgetItemId: budgetItem.id,
    changeOrderId: changeOrder.id,
    reviewId: review.id,
    budgetHash,
    clientId: (partnership as unknown as { partnerId: number }).partnerId,
    projectRoleId: projectRole.id,
  };
  const production = (await created(s, t, 'POST', `/production/project/${project.id}`, {
    crewId: world.crewId,
    date: '2026-03-02',
    items: [{ budgetItemId: budgetItem.id, quantity: '1.5' }],
  })) as unknown as { id: number; items: Array<{ id: number }> };
  const comment = await created(s, t, 'POST', '/comment', { sourceId: production.id, comment: 'Fuzz comment' });
  await s.services.db.updateTable('projects').set({ client_name: 'Fuzz Town' }).where('id', '=', project.id).execute();
  const billed = (await created(s, t, 'POST', `/production/project/${project.id}`, { crewId: world.crewId, date: '2026-03-03', items: [{ budgetItemId: budgetItem.id, quantity: '2' }] })) as unknown as {
    id: number;
    items: Array<{ id: number }>;
  };
  await s.services.db.updateTable('productions').set({ status: 'approved', approved_at: at }).where('id', '=', billed.id).execute();
  await s.services.db.updateTable('production_reviews').set({ status: 'approved' }).where('production_id', '=', billed.id).execute();
  const invoice = await created(s, t, 'POST', `/invoices/${companyId}`, { projectId: project.id, productions: [{ id: billed.id, items: [{ id: billed.items[0]!.id }] }] });
  const log = await created(s, t, 'POST', '/logs', { projectId: project.id, crewId: world.crewId, lat: 30.27, lng: -97.74, dateString: '2026-03-02', description: 'Fuzz check-in' });
  const locate = await created(s, t, 'POST', '/locates', { ticketNumber: 'FUZZ-1', projectId: project.id, digStartDate: '2026-03-01', expiresOn: '2026-03-20' });
  const located = (await created(s, t, 'POST', `/locates/${locate.id}/responses`, { utilityName: 'Fuzz Water' })) as unknown as { responses: Array<{ id: number }> };
  const damage = await created(s, t, 'POST', '/damages', { damageDate: '2026-03-02', projectId: project.id, damageTypeId: world.catalog['damage-types'], amount: '10.00' });
  const footprint = await created(s, t, 'POST', '/footprints', { projectId: project.id, typeId: world.catalog['footprint-types'], date: '2026-03-02', kind: 'line', points: [[30.27, -97.74], [30.271, -97.74]] });
  const task = await created(s, t, 'POST', `/projects/${project.id}/tasks`, { summary: 'Fuzz task', crewId: world.crewId, items: [{ budgetItemId: budgetItem.id, quantity: '1.5' }] });
  const chat = (await s.call('GET', `${API}/chat/get-chat?contactId=${member.user.id}`, { token: t })).body as { id: number };
  const quickNote = await created(s, t, 'POST', '/quick-panel/notes', { title: 'Fuzz note' });
  const dashboard = await created(s, t, 'POST', '/dashboard', { name: 'Fuzz board' });
  const webhook = await created(s, t, 'POST', `/companies/${companyId}/webhooks`, { url: 'https://93.184.216.34/fuzz-world', events: ['production.approved'] });
  const widget = await created(s, t, 'POST', `/dashboard/${dashboard.id}/widget`, { title: 'Fuzz count', type: 'kpi', configuration: { query: { source: 'production', measure: { fn: 'count' } } } });
  const published = (await created(s, t, 'PATCH', `/dashboard/${dashboard.id}`, { isPublic: true, publicFilters: { presets: ['last30'], projectIds: [project.id] } })) as unknown as { publication: { publicURL: string } };
  return {
    ...world,
    dashboardId: dashboard.id,
    widgetId: widget.id,
    webhookId: webhook.id,
    publicURL: published.publication.publicURL,
    userId: owner.user.id,
    chatId: chat.id,
    quickNoteId: quickNote.id,
    ownerMembershipId: ownerMembership.id,
    notificationId: (
      await s.services.db
        .insertInto('notifications')
        .values({ company_id: companyId, membership_id: ownerMembership.id, type: 'task', description: 'Fuzz task changed', entity_id: String(task.id), options: '{}', read: 0, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    taskId: task.id,
    productionId: production.id,
    productionItemId: production.items[0]!.id,
    productionCommentId: comment.id,
    invoiceId: invoice.id,
    invoiceProductionId: billed.id,
    invoiceProductionItemId: billed.items[0]!.id,
    logId: log.id,
    locateId: locate.id,
    locateResponseId: located.responses[0]!.id,
    damageId: damage.id,
    footprintId: footprint.id,
  };
}

const CATALOG_BODIES: Record<string, { name: string; [field: string]: unknown }> = {
  'task-types': { name: 'Dig', description: 'Open the ground' },
  'damage-types': { name: 'Gas line', description: null },
  'footprint-types': { name: 'Trench', description: 'Narrow' },
  'item-categories': { name: 'Paving', description: 'Hot mix', color: '#f80', parentId: null },
  'safety-authorities': { name: 'Texas 811', description: 'Call before you dig', phone: '+1 800 555 0811', email: 'call@811.example' },
};

/** The value each path param takes: the row of the area the path names. */
export function validParams(w: FuzzWorld, url: string): Record<string, string | number> {
  const area = url.split('/')[1]!;
  const idOf: Record<string, number> = {
    companies: w.companyId,
    memberships: w.memberId,
    crews: w.crewId,
    items: w.itemId,
    partnerships: w.partnershipId,
    roles: w.roleId,
    folders: w.folderId,
    folder: w.folderId,
    filesNew: url.startsWith('/filesNew/folderId/') ? w.folderId : w.fileId,
    projects: w.projectId,
    production: url.startsWith('/production/item/') ? w.productionItemId : w.productionId,
    productions: w.productionId,
    comment: w.productionCommentId,
    invoices: w.invoiceId,
    logs: w.logId,
    locates: w.locateId,
    damages: w.damageId,
    footprints: w.footprintId,
    tasks: w.taskId,
    'quick-panel': w.quickNoteId,
    notifications: w.notificationId,
    dashboard: w.dashboardId,
    ...w.catalog,
  };
  const values: Record<string, string | number> = {
    id: url.startsWith('/roles/project/') ? w.projectRoleId : url.endsWith('/notification-settings') ? w.ownerMembershipId : (idOf[area] ?? w.companyId),
    memberId: w.ownerMembershipId,
    companyId: w.companyId,
    type: url.startsWith('/dashboard/widget/') ? 'kpi' : 'client',
    widgetId: w.widgetId,
    tokenId: 1,
    webhookId: w.webhookId,
    publicURL: w.publicURL,
    token: UNKNOWN_TOKEN,
    code: UNKNOWN_TOKEN,
    text: 'Nor',
    subcontractorId: w.otherCompanyId,
    clientId: w.companyId,
    publicId: '00000000-0000-4000-8000-000000000000',
    budgetId: w.budgetId,
    budgetItemId: w.budgetItemId,
    changeOrderId: w.changeOrderId,
    reviewId: w.reviewId,
    budgetHash: w.budgetHash,
    reviewHash: UNKNOWN_TOKEN,
    // The figures' category: 0 is every category.
    categoryId: 0,
    projectId: w.projectId,
    subProjectId: w.projectId,
    fileType: 'contract',
    productionId: w.productionId,
    photoId: 1,
    responseId: w.locateResponseId,
    category: 'proof',
    fileId: 1,
    status: 'paid',
  };
  return Object.fromEntries([...url.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, values[name!] ?? 'unknown']));
}

/** One valid body per route that takes one, keyed 'METHOD /url' as the route table writes it. */
export function validBodies(w: FuzzWorld): Record<string, unknown> {
  const person = { name: 'Fuzz Person', phone: '+1 555 123 4567', email: 'fuzz.person@example.com', password: 'secret123' };
  const catalog = Object.entries(CATALOG_BODIES).flatMap(([name, body]) => [
    // The seeded row holds the name: a second one of the same name is a 409.
    [`POST /companies/:companyId/${name}`, { ...body, name: `${body.name} Two` }],
    [`PATCH /${name}/:id`, body],
  ]);
  return {
    'POST /users': person,
    'POST /users/register/:code': person,
    'POST /users/login': { email: w.email, password: w.password, remember: false },
    'POST /users/forgot-password': { email: w.email },
    'POST /users/reset-password': { token: UNKNOWN_TOKEN, password: 'secret123' },
    'POST /users/confirm-email': { token: UNKNOWN_TOKEN },
    'PATCH /users/me': { name: 'Fuzz Owner', birthday: '1990-02-01', zip: '78701', settings: { theme: 'slate', layout: { style: 'layout2' } } },
    'PATCH /users/me/change-password': { currentPassword: w.password, password: w.password },
    'PATCH /users/me/shortcuts': { shortcuts: ['items', 'crews'] },
    'POST /users/me/views': { type: 'items', name: 'Fuzzed', filters: { q: 'a' } },
    'PATCH /users/me/views': { view: w.viewId, form: { name: 'Renamed', filters: { sort: [] } } },
    'DELETE /users/me/views': { view: w.viewId },
    'POST /companies': companyData({ name: 'Fuzz Sub Co', parentId: w.companyId }),
    'PATCH /companies/:id': { name: 'Fuzz Co', city: 'Austin', logoUrl: null },
    // A literal public address: no DNS is asked.
    'POST /companies/:id/webhooks': { url: 'https://93.184.216.34/fuzz', events: ['production.approved', 'invoice.paid'], description: 'Fuzz hook', active: true },
    'PATCH /companies/:id/webhooks/:webhookId': { url: 'https://93.184.216.34/fuzz2', events: ['task.status_changed'], description: null, active: false },
    'POST /companies/:id/invoice': { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 7, paymentTermsDays: 30, defaultRetainagePercent: '5.5', remitTo: null, footerNotes: 'Thanks' },
    'POST /roles/company/:companyId': { name: 'Fuzz Role Two', permissions: [{ resourceType: 'items', action: 'view' }] },
    'PATCH /roles/company/:companyId/:id': { name: 'Fuzz Role', permissions: [{ resourceType: '_any', action: 'view', resourceId: null }] },
    'POST /companies/:id/memberships': { name: 'Fuzz Member', email: 'fuzz.member@example.com', roleId: w.memberRoleId, assignedToCrewsAsMember: [w.crewId], categories: [w.catalog['item-categories']] },
    'PATCH /memberships/:id': { name: 'Fuzz Member', roleId: w.memberRoleId, assignedToCrewsAsLeader: [w.crewId] },
    'PATCH /memberships/invitations/:token/decline': { reason: 'Not now' },
    'POST /crews': { name: 'Fuzz Crew Two', members: [w.memberId], leaders: [w.memberId], categories: [w.catalog['item-categories']] },
    'PATCH /crews/:id': { name: 'Fuzz Crew', members: [w.memberId] },
    ...Object.fromEntries(catalog),
    'POST /items': { name: 'Fuzz Item Two', code: 'F-2', unit: 'ft', categoryId: w.catalog['item-categories'], productionIsAllowed: true, productionItemType: 'linear', lineColor: '#f00', photosNumber: 2 },
    'PATCH /items/:id': { name: 'Fuzz Item', iconId: null, photosNumber: '1' },
    'POST /partnerships/:id/items': { name: 'Client Item', marketId: w.marketId },
    'POST /partnerships/add/:type': { guestCompanyId: w.otherCompanyId },
    'POST /partnerships/invite/:type': { name: 'Invited Fuzz Co', contactName: 'Ina Vited', contactEmail: 'ina@fuzz.example' },
    'POST /partnerships/create/:type': companyData({ name: 'Created Fuzz Partner' }),
    'PATCH /partnerships/invitations/:token/decline': { reason: 'No thanks' },
    'PATCH /partnerships/:id/decline': { reason: 'No thanks' },
    'POST /partnerships/:id/market': { name: 'East' },
    'DELETE /partnerships/:id/market': { name: 'South' },
    'POST /folders': { parentId: w.folderId },
    'PATCH /folders/:id': { name: 'Fuzz Folder Renamed' },
    'PATCH /filesNew/secured/:id': { filename: 'fuzz-renamed.txt', folderId: w.folderId },
    'POST /folder/file/permission/:id': { type: 'folder', action: 'add', permission: { subjectType: 'role', subjectId: w.memberRoleId, level: 'manage' } },
    'POST /projects/:id/budgets/:budgetId/reviews': { memberId: w.memberId },
    'PATCH /projects/:id/budgets/:budgetId/reviews/:reviewId': { status: 'rejected', statusReason: 'Too high' },
    'POST /public/budget-review/:budgetHash/:reviewHash/reject': { reason: 'Too high' },
    'POST /projects/:id/budgets/:budgetId/change-orders': { itemId: w.budgetItemId, quantity: 12, price: '13.50', reportWeight: true, description: 'More', requestFromParent: false },
    'PATCH /projects/:id/budgets/:budgetId/change-orders/:changeOrderId': { quantity: 11, price: 12, description: null },
    'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/send': { price: '12.75' },
    'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/reject': { message: 'Too much' },
    'PATCH /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/contact': { contactEmail: 'ap@client.example', contactName: 'Alex Payable' },
    'POST /public/change-orders/:token/send-back': { reason: 'Too much', name: 'Alex Payable' },
    'POST /projects/:id/budgets/:budgetId/items': { itemId: w.itemId, quantity: 2, price: '1.25', reportWeight: true, description: 'Fuzz' },
    'POST /projects/:id/budgets/:budgetId/items/multiple': { items: [{ itemId: w.itemId, quantity: 1, price: 2 }] },
    'PATCH /projects/:id/budgets/:budgetId/items/:budgetItemId': { quantity: '', price: null, description: 'Fuzzed' },
    'POST /projects/:id/budgets/:budgetId/submit': { retainagePercent: '5.5', profitabilityPercent: 10 },
    'POST /projects/:id/budgets/:budgetId/submitSinglePart': { retainagePercent: 0, profitabilityPercent: '33.333' },
    'POST /projects/:id/budgets/:budgetId/comments': { comment: 'Looks right', budgetItemId: w.budgetItemId },
    'POST /projects/:id/budget-spent': { companyId: w.companyId, categoryId: null, range: { from: '2026-01-01', to: '2026-12-31' } },
    'POST /projects/:id/report/production': { from: '2026-01-01', to: '2026-12-31', type: 'xlsx' },
    'POST /companies/:companyId/projects': {
      projectName: 'Fuzz Project Two',
      code: 'FUZZ-2',
      clientId: w.clientId,
      projectId: w.projectId,
      marketId: w.marketId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      powoNumber: 4500012345,
      timezone: 'America/Chicago',
      pdfScaleFactor: '0.5',
      mapSettings: { zoom: 3 },
    },
    'PATCH /projects/:id': { projectName: 'Fuzz Project', status: 'active', city: 'Austin', clientId: w.clientId, suspendReason: null, scheduleSettings: {} },
    'POST /projects/:id/files/:fileType/existing': { fileIds: [w.fileId] },
    'POST /projects/:id/memberships': { memberships: [{ id: w.memberId, roleId: w.projectRoleId }] },
    'PATCH /projects/:id/stations': { stations: [{ name: 'Start', chainage: '0.5', description: null }] },
    'POST /projects/:id/crew-companies': { companyId: w.otherCompanyId },
    'POST /roles/project/:projectId': { name: 'Fuzz Project Role', permissions: [{ resourceType: 'projects', action: 'view' }] },
    'PATCH /roles/project/:projectId/:id': { permissions: [{ resourceType: 'projects', action: 'manage', resourceId: null }] },
    'POST /production/project/:projectId': {
      crewId: w.crewId,
      date: '2026-05-01',
      items: [{ budgetItemId: w.budgetItemId, quantity: '1.5', photosNumber: 1, description: 'Fuzz', stationId: null }],
      texts: { notes: 'Fuzz', weather: null },
      taskId: null,
    },
    'PATCH /production/:id': { texts: { weather: 'Sun' }, taskId: null },
    'POST /production/:id/approve': { sendEmail: false },
    'POST /production/:id/reject': { reason: 'Short' },
    'POST /production/:id/items': { items: [{ budgetItemId: w.budgetItemId, quantity: 2, photosNumber: '1' }] },
    'PATCH /production/:id/items': { items: [{ id: w.productionItemId, quantity: '2.5' }] },
    'PATCH /production/item/:id': { quantity: '1.25', photosNumber: 2, description: null, stationId: null },
    'PATCH /production/:id/pdf/items': { marks: [] },
    'POST /layerItems/:fileId': { pageNumber: 1, budgetId: w.budgetId, itemId: w.itemId, kind: 'count', geometry: { points: [[1, 1]] } },
    'PATCH /item/:fileId/4': { itemId: 1, version: 1, geometry: { points: [[1, 1], [2, 2]] } },
    'DELETE /items/:fileId/4': { budgetIds: [w.budgetId], pageNumber: 1 },
    'PUT /layerItems/:fileId/scale': { pageNumber: 1, reference: [[0, 0], [10, 0]], distance: '5', unit: 'ft' },
    'POST /layerItems/:fileId/add-to-budget': { budgetId: w.budgetId, itemIds: [w.itemId] },
    'POST /comment': { sourceId: w.productionId, comment: 'Fuzz' },
    'PATCH /production/:id/stations': { stationIds: [] },
    'POST /production/:id/traces': { points: [[30, -97], [30.1, -97.1]] },
    'POST /invoices/:companyId': {
      projectId: w.projectId,
      clientId: null,
      dueDate: '2026-06-30',
      status: 'draft',
      retainage: '5.5',
      weekEndingDate: '2026-03-07',
      notes: 'Fuzz',
      productions: [{ id: w.invoiceProductionId, items: [{ id: w.invoiceProductionItemId, quantity: '1' }] }],
    },
    'PATCH /invoices/:id': { notes: 'Fuzz', retainage: 5, dueDate: null, productions: [{ id: w.invoiceProductionId, items: [{ id: w.invoiceProductionItemId, quantity: 1.5 }] }] },
    'POST /invoices/:id/reject': { reason: 'Short' },
    'POST /invoices/:id/cancelled': { reason: 'Short' },
    'POST /invoices/:id/paid/:status': { amount: '1.00', paidOn: '2026-04-01', reference: 'CHK 1', note: null },
    'POST /invoices/:id/transaction': { kind: 'payment', amount: '1.00', paidOn: null, reference: null, note: null },
    'POST /invoices/:id/comments': { comment: 'Fuzz' },
    'PATCH /invoices/:id/contact': { contactEmail: 'fuzz@example.com', contactName: 'Fuzz' },
    'POST /public/invoices/:token/reject': { reason: 'Fuzz', name: 'Fuzz Client' },
    // The spec's shape: its nested fields are fuzzed too, and the flat ones through the schema's properties.
    'POST /logs': { logData: { projectId: w.projectId, crewId: w.crewId, lat: 30.27, lng: -97.74, address: '1 Fuzz St', date: null, status: 'open', description: 'Fuzz' }, dateString: '2026-03-05' },
    'PATCH /logs/:id': { status: 'submitted', description: 'Fuzzed' },
    'POST /locates': { ticketNumber: 'FUZZ-2', projectId: w.projectId, clientId: null, address: '1 Fuzz St', city: 'Austin', state: 'TX', lat: 30.1, lng: -97.7, digStartDate: '2026-03-01', expiresOn: '2026-03-20', status: 'open', description: 'Fuzz' },
    'PATCH /locates/:id': { description: 'Fuzzed', expiresOn: '2026-03-21', lat: null, lng: null },
    'POST /locates/:id/responses': { utilityName: 'Fuzz Gas', status: 'marked', note: null, respondedAt: '2026-03-02T10:00:00Z' },
    'PATCH /locates/:id/responses/:responseId': { status: 'clear', note: 'Fuzz' },
    'POST /damages': { damageDate: '2026-03-04', projectId: w.projectId, safetyAuthorityId: w.catalog['safety-authorities'], damageTypeId: w.catalog['damage-types'], description: 'Fuzz', address: '1 Fuzz St', city: 'Austin', state: 'TX', lat: 30.1, lng: -97.7, amount: '1234.56' },
    'PATCH /damages/:id': { status: 'claimed', description: 'Fuzzed', lat: null, lng: null, amount: 12.5, damageDate: '2026-03-05' },
    'POST /footprints': { projectId: w.projectId, typeId: w.catalog['footprint-types'], crewId: w.crewId, date: '2026-03-04', kind: 'polygon', points: [[30.27, -97.74], [30.271, -97.74], [30.271, -97.741]], notes: 'Fuzz' },
    'PATCH /footprints/:id': { restorationStatus: 'temporary', notes: 'Fuzzed', kind: 'line', points: [[30.27, -97.74], [30.272, -97.74]], crewId: null },
    'POST /projects/:id/tasks': {
      typeId: w.catalog['task-types'],
      crewId: w.crewId,
      summary: 'Fuzz task two',
      description: 'Fuzz',
      address: '1 Fuzz St',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      items: [{ budgetItemId: w.budgetItemId, quantity: '2.5', description: null }],
      status: 'approved',
      priority: 'high',
      rejectReason: null,
    },
    'PATCH /tasks/:id': { summary: 'Fuzzed', status: 'progress', position: 1.5, priority: 'urgent', endDate: null, items: [{ budgetItemId: w.budgetItemId, quantity: 3 }] },
    'POST /tasks/:id/comments': { comment: 'Fuzz' },
    'POST /chat/send-message': { chatId: w.chatId, message: { who: w.userId, message: 'Fuzz', time: '2026-03-02T10:00:00Z' } },
    'PATCH /chat/status': { status: 'do-not-disturb' },
    'POST /quick-panel/notes': { title: 'Fuzz note two', detail: 'Fuzz' },
    'PATCH /quick-panel/notes/:id': { title: 'Fuzzed', detail: null },
    'PATCH /notifications/:id': { read: true },
    'POST /companies/:id/api-tokens': { name: 'Fuzz token', permissions: [{ resourceType: 'projects', action: 'view' }], expiresAt: '2099-01-01T00:00:00Z', projectId: null },
    'PATCH /memberships/:id/notification-settings': { Reports: true, Delays: false, Others: true, Email: false },
    'PATCH /quick-panel/settings': { notificationSound: true, chatPopups: false, compactGrids: true },
    'POST /invoices/:companyId/report': { range: { from: '2026-01-01', to: '2026-12-31' }, sourceSubcontractor: null, groupBy: 'item', groupByField: 'dueDate' },
    'POST /dashboard': { name: 'Fuzz board two', shared: true, filters: { preset: 'thisMonth', projectId: w.projectId, crewId: null } },
    'PATCH /dashboard/:id': {
      name: 'Fuzzed board',
      isPublic: true,
      shared: false,
      filters: { range: { from: '2026-01-01', to: '2026-03-31' } },
      layout: [{ widgetId: w.widgetId, layout: { x: 0, y: 0, w: 6, h: 3 } }],
      publicFilters: { presets: ['last7', 'thisYear'], projectIds: [w.projectId], crewIds: [w.crewId] },
    },
    'POST /dashboard/:id/widget': {
      title: 'Fuzz bars',
      type: 'bar',
      filters: { crewId: w.crewId },
      configuration: { query: { source: 'production', measure: { fn: 'sum', field: 'quantity' }, groupBy: 'month', filters: [{ field: 'status', operator: 'in', value: ['approved'] }], limit: 12 }, useDashboardFilters: false },
      layout: { x: 6, y: 0, w: 6, h: 4 },
    },
    'PATCH /dashboard/:id/widget/:widgetId': { title: 'Fuzzed count', filters: { preset: 'last90' }, configuration: { query: { source: 'invoice', measure: { fn: 'sum', field: 'amount' } } }, layout: { x: 0, y: 3, w: 3, h: 2 }, published: true },
    'POST /advanced-filter/public/data': { publicURL: w.publicURL, widgetId: w.widgetId, filters: { projectId: w.projectId } },
    'POST /advanced-filter/data': {
      source: 'production',
      measure: { fn: 'sum', field: 'amount' },
      groupBy: 'month',
      filters: [
        { field: 'crew', operator: 'in', value: [w.crewId] },
        { field: 'status', operator: 'eq', value: 'approved' },
      ],
      range: { from: '2026-01-01', to: '2026-12-31' },
      compare: true,
      limit: 10,
    },
  };
}

