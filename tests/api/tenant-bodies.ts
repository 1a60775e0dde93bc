import { PDFDocument } from 'pdf-lib';
import { companyData, multipart, TINY_PNG } from './harness.js';
import { first, type AnyRoute, type RouteKey, type Tenant } from './tenant-kinds.js';

/** A one-page PDF for the PDF optimiser's upload. */
const TINY_PDF = await (async () => {
  const doc = await PDFDocument.create();
  doc.addPage([72, 72]);
  return Buffer.from(await doc.save());
})();

// ---- A valid body for every route that takes one ---------------------------------------------

export type Payload = { json: unknown } | { multipart: ReturnType<typeof multipart> } | { none: true };
type BodyFor = (t: Tenant, n: number) => Payload;

const json = (value: unknown): Payload => ({ json: value });
const NO_BODY: BodyFor = () => ({ none: true });
const png = (type: string): BodyFor => () => ({ multipart: multipart({ type }, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) });
const probe = (n: number) => `Probe ${n}`;
const probeEmail = (t: Tenant, n: number) => `${t.marker.toLowerCase()}.probe${n}.${Date.now().toString(36)}@example.com`;
const typeBody: BodyFor = (_t, n) => json({ name: probe(n), description: 'probe' });
const itemBody: BodyFor = (t, n) => json({ name: probe(n), code: `PR-${n}`, categoryId: first(t, 'itemCategory'), marketId: first(t, 'market') });
const memberBody: BodyFor = (t, n) =>
  json({
    name: probe(n),
    email: probeEmail(t, n),
    roleId: first(t, 'role'),
    assignedToCrewsAsMember: [first(t, 'crew')],
    assignedToCrewsAsLeader: [first(t, 'crew')],
    newCrewName: `Probe crew ${n}`,
    newCrewMembers: [first(t, 'membership')],
    categories: [first(t, 'itemCategory')],
  });

/** An import's sheet (server/modules/imports): rows by name, so the file itself names no id. */
const sheet = (csv: string): Payload => ({ multipart: multipart({}, { name: 'probe.csv', type: 'text/csv', bytes: Buffer.from(csv) }) });

export const BODIES: Record<RouteKey, BodyFor> = {
  'POST /projects/:id/budgets/:budgetId/items/import/preview': (_t, n) => sheet(`Name,Qty,Price\nProbe import ${n},1,2.50\n`),
  'POST /projects/:id/budgets/:budgetId/items/import': (_t, n) => sheet(`Name,Qty,Price\nProbe import ${n},1,2.50\n`),
  'POST /items/import/preview': (_t, n) => sheet(`Code,Name,Unit\nPRI-${n},Probe import ${n},h\n`),
  'POST /items/import': (_t, n) => sheet(`Code,Name,Unit\nPRI-${n},Probe import ${n},h\n`),
  'PATCH /users/me': () => json({ city: 'Dallas' }),
  'PATCH /users/me/change-password': () => json({ currentPassword: 'secret123', password: 'secret456' }),
  'PATCH /users/me/shortcuts': () => json({ shortcuts: ['crews'] }),
  'POST /users/me/views': (_t, n) => json({ type: 'crews', filters: { name: probe(n) } }),
  'POST /users/me/files': png('profilePicture'),
  'POST /users/register/:code': (t, n) => json({ name: 'Probe Person', phone: '+1 555 010 2020', email: probeEmail(t, n), password: 'secret123', passwordConfirm: 'secret123' }),
  'PATCH /users/me/company/:companyId': NO_BODY,
  'POST /companies/:id/exports': NO_BODY,
  'POST /companies/:id/api-tokens': (t, n) => json({ name: probe(n), permissions: [{ resourceType: 'projects', action: 'view' }], projectId: first(t, 'project') }),
  // A literal public address: no DNS is asked, whatever the machine's network.
  'POST /companies/:id/webhooks': (_t, n) => json({ url: `https://93.184.216.34/hooks/${probe(n)}`, events: ['production.approved'] }),
  'PATCH /companies/:id/webhooks/:webhookId': (_t, n) => json({ description: probe(n), events: ['invoice.paid'] }),
  'POST /companies/:id/webhooks/:webhookId/rotate-secret': NO_BODY,
  'POST /companies/:id/webhooks/:webhookId/ping': NO_BODY,
  'POST /companies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend': NO_BODY,
  'PATCH /users/me/views': (t, n) => json({ view: first(t, 'view'), form: { name: probe(n), filters: { name: 'x' } } }),
  'DELETE /users/me/views': (t) => json({ view: first(t, 'view') }),
  'POST /companies': (t, n) => json(companyData({ name: probe(n), parentId: first(t, 'company') })),
  'PATCH /companies/:id': (_t, n) => json({ name: probe(n), city: 'Dallas' }),
  'POST /companies/:id/files': png('logo'),
  'POST /companies/:id/invoice': () => json({ invoiceNumberPrefix: 'PR-', nextInvoiceNumber: 7, paymentTermsDays: 15, defaultRetainagePercent: '5', remitTo: null, footerNotes: null }),
  'POST /roles/company/:companyId': (_t, n) => json({ name: probe(n), permissions: [{ resourceType: 'crews', action: 'manage' }] }),
  'PATCH /roles/company/:companyId/:id': () => json({ permissions: [{ resourceType: '_any', action: '_any' }] }),
  'POST /companies/:id/memberships': memberBody,
  'POST /companies/:id/memberships/bulk': (t, n) => ({
    multipart: multipart({ type: 'members' }, { name: 'people.csv', type: 'text/csv', bytes: Buffer.from(`name,email,role\nProbe Person,${probeEmail(t, n)},Member\n`) }),
  }),
  'PATCH /memberships/:id': memberBody,
  'PATCH /memberships/invitations/:token/accept': NO_BODY,
  'PATCH /memberships/invitations/:token/decline': () => json({ reason: 'probe' }),
  'POST /crews': (t, n) => json({ name: probe(n), members: [first(t, 'membership')], leaders: [first(t, 'membership')], categories: [first(t, 'itemCategory')] }),
  'PATCH /crews/:id': (t) => json({ members: [first(t, 'membership')], leaders: [first(t, 'membership')], categories: [first(t, 'itemCategory')] }),
  'POST /companies/:companyId/task-types': typeBody,
  'PATCH /task-types/:id': typeBody,
  'POST /companies/:companyId/damage-types': typeBody,
  'PATCH /damage-types/:id': typeBody,
  'POST /companies/:companyId/footprint-types': typeBody,
  'PATCH /footprint-types/:id': typeBody,
  'POST /companies/:companyId/safety-authorities': (_t, n) => json({ name: probe(n), phone: '+1 555 010 3030', email: 'safety@example.com' }),
  'PATCH /safety-authorities/:id': (_t, n) => json({ name: probe(n) }),
  // The second category is the first one's parent, so a move under it is always legal.
  'POST /companies/:companyId/item-categories': (t, n) => json({ name: probe(n), color: '#123456', parentId: t.ids.itemCategory[1] }),
  'PATCH /item-categories/:id': (t) => json({ color: '#654321', parentId: t.ids.itemCategory[1] }),
  'POST /items': itemBody,
  'PATCH /items/:id': itemBody,
  'POST /partnerships/:id/items': itemBody,
  'POST /items/:id/files': png('icon'),
  // The tenant's own sub-company: a company it is not yet partners with.
  'POST /partnerships/add/:type': (t) => json({ guestCompanyId: t.ids.company[1] }),
  'POST /partnerships/invite/:type': (t, n) => json({ name: probe(n), contactName: 'Probe Contact', contactEmail: probeEmail(t, n) }),
  'POST /partnerships/create/:type': (t, n) => json(companyData({ name: probe(n), contactEmail: probeEmail(t, n) })),
  'PATCH /partnerships/invitations/:token/accept': NO_BODY,
  'PATCH /partnerships/invitations/:token/decline': () => json({ reason: 'probe' }),
  'PATCH /partnerships/:id/accept': NO_BODY,
  'PATCH /partnerships/:id/decline': () => json({ reason: 'probe' }),
  'POST /partnerships/:id/market': (_t, n) => json({ name: `Probe market ${n}` }),
  'DELETE /partnerships/:id/market': (t) => json({ marketId: first(t, 'market') }),
  'POST /folders': (t, n) => json({ name: probe(n), parentId: first(t, 'folder') }),
  // The second folder is the first one's parent, so a move under it is always legal.
  'PATCH /folders/:id': (t, n) => json({ name: probe(n), parentId: t.ids.folder[1] }),
  'PATCH /filesNew/secured/:id': (t, n) => json({ filename: probe(n), folderId: first(t, 'folder') }),
  'POST /to-images': () => ({ multipart: multipart({}, { name: 'probe.pdf', type: 'application/pdf', bytes: TINY_PDF }) }),
  'POST /filesNew': (t) => ({ multipart: multipart({ folderId: String(first(t, 'folder')) }, { name: 'probe.txt', type: 'text/plain', bytes: Buffer.from('probe') }) }),
  'PATCH /filesNew/:id': () => ({ multipart: multipart({}, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) }),
  'POST /folder/file/permission/:id': (t) => json({ type: 'folder', action: 'add', permission: { subjectType: 'role', subjectId: first(t, 'role'), level: 'view' } }),
  'POST /projects/:id/budgets/:budgetId/change-orders': (t) => json({ itemId: first(t, 'budgetItem') }),
  'PATCH /projects/:id/budgets/:budgetId/change-orders/:changeOrderId': () => json({ quantity: 5, description: 'probe' }),
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/send': () => json({ price: '1.25' }),
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/accept': NO_BODY,
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/reject': () => json({ message: 'probe' }),
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/resend': NO_BODY,
  'PATCH /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/contact': () => json({ contactEmail: 'probe.contact@example.com' }),
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/decision': () => json({ decision: 'accepted', decidedByName: 'Probe Client', decidedAt: '2026-01-05' }),
  'POST /public/change-orders/:token/accept': () => json({}),
  'POST /public/change-orders/:token/send-back': () => json({ reason: 'probe' }),
  'POST /projects/:id/budgets/:budgetId/reviews': (t) => json({ memberId: first(t, 'membership') }),
  'PATCH /projects/:id/budgets/:budgetId/reviews/:reviewId': () => json({ status: 'rejected', statusReason: 'probe' }),
  'POST /projects/:id/budgets/:budgetId/reviews/:reviewId/sign': png('signature'),
  'POST /public/budget-review/:budgetHash/:reviewHash/approve': () => ({ multipart: multipart({ type: 'signature', name: 'Probe Signer' }, { name: 'signature.png', type: 'image/png', bytes: TINY_PNG }) }),
  'POST /public/budget-review/:budgetHash/:reviewHash/reject': () => json({ reason: 'probe' }),
  'POST /projects/:id/budgets/:budgetId/items': (t) => json({ itemId: first(t, 'item'), quantity: 2, price: '1.25' }),
  'POST /projects/:id/budgets/:budgetId/items/multiple': (t) => json({ items: [{ itemId: first(t, 'item'), quantity: 1, price: '2.00' }] }),
  'PATCH /projects/:id/budgets/:budgetId/items/:budgetItemId': (t) => json({ itemId: first(t, 'item'), quantity: 3 }),
  'POST /projects/:id/budgets/:budgetId/submit': () => json({ retainagePercent: '5', profitabilityPercent: '10' }),
  'POST /projects/:id/budgets/:budgetId/submitSinglePart': () => json({ retainagePercent: '5', profitabilityPercent: '10' }),
  'POST /projects/:id/budgets/:budgetId/comments': (t) => json({ comment: 'probe', budgetItemId: first(t, 'budgetItem') }),
  'POST /projects/:id/budget-spent': (t) => json({ companyId: first(t, 'company'), categoryId: first(t, 'itemCategory'), range: { from: '2026-01-01', to: '2026-12-31' } }),
  'POST /projects/:id/report/production': () => json({ from: '2026-01-01', to: '2026-12-31', type: 'xlsx' }),
  'POST /companies/:companyId/projects': (t, n) =>
    json({ projectName: probe(n), code: `PROBE-${n}`, clientId: t.partners.client, projectId: first(t, 'project'), marketId: first(t, 'market') }),
  'PATCH /projects/:id': (t, n) => json({ projectName: probe(n), clientId: t.partners.client, projectId: null, marketId: first(t, 'market') }),
  'POST /projects/:id/files/:fileType': () => ({ multipart: multipart({}, { name: 'probe.txt', type: 'text/plain', bytes: Buffer.from('probe') }) }),
  'POST /projects/:id/files/:fileType/existing': (t) => json({ fileId: first(t, 'file'), fileIds: [first(t, 'file')] }),
  'POST /projects/:id/memberships': (t) => json({ memberships: [{ id: first(t, 'membership'), roleId: first(t, 'projectRole') }] }),
  'PATCH /projects/:id/stations': () => json({ stations: [{ name: 'Probe station', chainage: '1.5' }] }),
  'POST /projects/:id/crew-companies': (t) => json({ companyId: t.partners.subcontractor }),
  'POST /roles/project/:projectId': (_t, n) => json({ name: probe(n), permissions: [{ resourceType: 'projects', action: 'view' }] }),
  'PATCH /roles/project/:projectId/:id': () => json({ permissions: [{ resourceType: 'projects', action: 'view' }] }),
  // One sheet per crew and day: each probe records a day of its own.
  'POST /production/project/:projectId': (t, n) =>
    json({ crewId: first(t, 'crew'), date: new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10), items: [{ budgetItemId: first(t, 'budgetItem'), quantity: '1.25', stationId: first(t, 'station') }], taskId: first(t, 'task') }),
  'PATCH /production/:id': (t) => json({ texts: { notes: 'probe' }, taskId: first(t, 'task') }),
  'PATCH /production/:id/submit': NO_BODY,
  'POST /production/:id/approve': () => json({ sendEmail: false }),
  'POST /production/:id/reject': () => json({ reason: 'probe' }),
  'POST /production/:id/amend': NO_BODY,
  'POST /production/:id/items': (t) => json({ items: [{ budgetItemId: first(t, 'budgetItem'), quantity: 1, stationId: first(t, 'station') }] }),
  'PATCH /production/:id/items': (t) => json({ items: [{ id: first(t, 'productionItem'), quantity: '2.5' }] }),
  'PATCH /production/item/:id': (t) => json({ quantity: '3', stationId: first(t, 'station') }),
  'PATCH /production/:id/pdf/items': (t) => json({ marks: [{ layerItemId: first(t, 'producedLayerItem'), geometry: { points: [[1, 1]] } }] }),
  'POST /layerItems/:fileId': (t) => json({ pageNumber: 1, budgetId: first(t, 'draftBudget'), itemId: first(t, 'item'), kind: 'count', geometry: { points: [[1, 1]] } }),
  'PATCH /item/:fileId/4': (t) => json({ itemId: first(t, 'layerItem'), version: 1, geometry: { points: [[2, 2]] } }),
  // Page 2: the drawing on page 1 holds the control's production marks, and stays.
  'DELETE /items/:fileId/4': (t) => json({ budgetIds: [first(t, 'draftBudget')], pageNumber: 2 }),
  'PUT /layerItems/:fileId/scale': () => json({ pageNumber: 1, reference: [[0, 0], [10, 0]], distance: '5', unit: 'ft' }),
  'POST /layerItems/:fileId/add-to-budget': (t) => json({ budgetId: first(t, 'draftBudget'), itemIds: [first(t, 'item')] }),
  'POST /comment': (t) => json({ sourceId: first(t, 'production'), comment: 'probe' }),
  'POST /production/:id/files': () => ({ multipart: multipart({}, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) }),
  'POST /production/item/:id/files': () => ({ multipart: multipart({}, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) }),
  'PATCH /production/:id/stations': (t) => json({ stationIds: [first(t, 'station')] }),
  'POST /production/:id/traces': () => json({ points: [[30, -97], [30.001, -97]] }),
  'POST /productions/:id/report/download': NO_BODY,
  // The first approved production is on the tenant's draft invoice; the second is left to bill.
  'POST /invoices/:companyId': (t) =>
    json({ projectId: first(t, 'project'), clientId: null, productions: [{ id: t.ids.invoiceProduction[1], items: [{ id: t.ids.invoiceProductionItem[1] }] }] }),
  'PATCH /invoices/:id': (t) => json({ notes: 'probe', productions: [{ id: t.ids.invoiceProduction[0], items: [{ id: t.ids.invoiceProductionItem[0] }] }] }),
  'PATCH /invoices/:id/send': NO_BODY,
  'POST /invoices/:id/approve': NO_BODY,
  'POST /invoices/:id/approveSinglePart': NO_BODY,
  'POST /invoices/:id/reject': () => json({ reason: 'probe' }),
  'POST /invoices/:id/cancelled': () => json({ reason: 'probe' }),
  'POST /invoices/:id/paid/:status': () => json({}),
  'POST /invoices/:id/transaction': () => json({ amount: '1.00' }),
  'POST /invoices/:id/comments': () => json({ comment: 'probe' }),
  'POST /invoices/:id/resend': NO_BODY,
  'PATCH /invoices/:id/contact': () => json({ contactEmail: 'probe@example.com' }),
  'POST /invoices/:id/decision': () => json({ decision: 'approved', decidedByName: 'Probe', decidedAt: '2026-01-05' }),
  'POST /public/invoices/:token/approve': () => json({}),
  'POST /public/invoices/:token/reject': () => json({ reason: 'probe' }),
  'POST /logs': (t) => json({ projectId: first(t, 'project'), crewId: first(t, 'crew'), lat: 30.2672, lng: -97.7431, dateString: '2026-03-05', description: 'probe' }),
  'PATCH /logs/:id': () => json({ status: 'submitted', description: 'probe' }),
  'POST /locates': (t, n) => json({ ticketNumber: `PROBE-${n}`, projectId: first(t, 'project'), clientId: t.partners.client, digStartDate: '2026-03-01', expiresOn: '2026-03-20' }),
  'PATCH /locates/:id': (t) => json({ description: 'probe', projectId: first(t, 'project'), clientId: t.partners.client }),
  'POST /locates/:id/responses': () => json({ utilityName: 'Probe utility', status: 'clear' }),
  'PATCH /locates/:id/responses/:responseId': () => json({ note: 'probe' }),
  'POST /damages': (t) => json({ damageDate: '2026-03-05', projectId: first(t, 'project'), damageTypeId: first(t, 'damageType'), safetyAuthorityId: first(t, 'safetyAuthority'), lat: 30.1, lng: -97.1 }),
  'PATCH /damages/:id': (t) => json({ description: 'probe', projectId: first(t, 'project'), damageTypeId: first(t, 'damageType'), safetyAuthorityId: first(t, 'safetyAuthority') }),
  'POST /damages/:id/files/:category': () => ({ multipart: multipart({}, { name: 'probe.txt', type: 'text/plain', bytes: Buffer.from('probe') }) }),
  'POST /footprints': (t) => json({ projectId: first(t, 'project'), typeId: first(t, 'footprintType'), crewId: first(t, 'crew'), date: '2026-03-05', kind: 'line', points: [[30.1, -97.1], [30.101, -97.1]] }),
  'PATCH /footprints/:id': (t) => json({ notes: 'probe', projectId: first(t, 'project'), typeId: first(t, 'footprintType'), crewId: first(t, 'crew') }),
  'POST /footprints/:id/files': () => ({ multipart: multipart({}, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) }),
  'POST /projects/:id/tasks': (t, n) =>
    json({ summary: probe(n), typeId: first(t, 'taskType'), crewId: first(t, 'crew'), startDate: '2026-03-02', items: [{ budgetItemId: first(t, 'budgetItem'), quantity: '1.5' }] }),
  'PATCH /tasks/:id': (t) => json({ summary: 'Probe task', typeId: first(t, 'taskType'), crewId: first(t, 'crew'), items: [{ budgetItemId: first(t, 'budgetItem'), quantity: '2' }] }),
  'POST /tasks/:id/comments': () => json({ comment: 'probe' }),
  'POST /tasks/:id/files': () => ({ multipart: multipart({ type: 'task', category: 'photo' }, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) }),
  'POST /chat/send-message': (t) => json({ chatId: first(t, 'chat'), message: { who: t.scope.users[0], message: 'probe' } }),
  'PATCH /chat/status': () => json({ status: 'away' }),
  'POST /quick-panel/notes': (_t, n) => json({ title: probe(n), detail: 'probe' }),
  'PATCH /quick-panel/notes/:id': (_t, n) => json({ title: probe(n) }),
  'PATCH /quick-panel/settings': () => json({ compactGrids: true }),
  'PATCH /notifications/:id': () => json({ read: true }),
  'PATCH /memberships/:id/notification-settings': () => json({ Others: true, Email: false }),
  'POST /dashboard': (t, n) => json({ name: probe(n), filters: { projectId: first(t, 'project'), crewId: first(t, 'crew') } }),
  // The dashboard is public (seedTenant), so the guests' filters may be set.
  'PATCH /dashboard/:id': (t, n) =>
    json({
      name: probe(n),
      filters: { projectId: first(t, 'project'), crewId: first(t, 'crew') },
      layout: [{ widgetId: first(t, 'widget'), layout: { x: 0, y: 0, w: 4, h: 3 } }],
      publicFilters: { projectIds: [first(t, 'project')], crewIds: [first(t, 'crew')] },
    }),
  'POST /dashboard/:id/widget': (t, n) => json({ title: probe(n), type: 'kpi', configuration: { query: { source: 'production', measure: { fn: 'count' } } }, filters: { projectId: first(t, 'project'), crewId: first(t, 'crew') } }),
  'PATCH /dashboard/:id/widget/:widgetId': (t, n) => json({ title: probe(n), filters: { projectId: first(t, 'project'), crewId: first(t, 'crew') }, layout: { x: 0, y: 1, w: 3, h: 2 } }),
  'POST /advanced-filter/public/data': (t) => json({ publicURL: t.publicURL, widgetId: first(t, 'widget'), filters: { projectId: first(t, 'project'), crewId: first(t, 'crew') } }),
  'POST /advanced-filter/data': (t) => json({ source: 'production', measure: { fn: 'count' }, groupBy: 'crew', filters: [{ field: 'crew', operator: 'in', value: [first(t, 'crew')] }] }),
  'POST /invoices/:companyId/report': (t) => json({ range: { from: '2026-01-01', to: '2026-12-31' }, sourceSubcontractor: t.partners.subcontractor, groupBy: 'project', groupByField: 'createdAt' }),
};

/**
 * A second shape some bodies come in (POST /logs: flat, or the spec's logData holding the fields):
 * ids are swapped in whichever shape holds the field, and each shape must succeed with B's own ids.
 */
export const SECOND_SHAPES: Partial<Record<RouteKey, BodyFor>> = {
  'POST /logs': (t) => json({ logData: { projectId: first(t, 'project'), crewId: first(t, 'crew'), lat: 30.2672, lng: -97.7431, description: 'probe' }, dateString: '2026-03-05' }),
};

/** A route sends a body when it declares one or changes something without one (uploads, accept). */
export const needsBody = (r: AnyRoute) => !!r.body || !['GET', 'DELETE'].includes(r.method);
