import { issueDocumentLink } from '../../server/lib/document-links.js';
import { hashToken, randomToken } from '../../server/lib/tokens.js';
import { planPdf } from './plan-takeoff-helpers.js';
import { companyData, createCompany, multipart, registerUser, TINY_PNG, uniqueEmail, type TestServer } from './harness.js';
import { API, type Caller, type Tenant, type TenantPrices } from './tenant-kinds.js';

// ---- Seeding a tenant through the API -------------------------------------------------------------

/** Company B's amounts; company A's are odd ones (tenant-leaks.ts), so a figure of A's in B's answer is recognised. */
export const PLAIN_PRICES: TenantPrices = { unit: '12.50', changeOrder: '13.00', draft: '2.50', damage: '250.00' };

export async function seedTenant(s: TestServer, marker: string, prices: TenantPrices = PLAIN_PRICES): Promise<Tenant> {
  const low = marker.toLowerCase();
  const ownerAccount = await registerUser(s, { name: `${marker} Owner`, email: uniqueEmail(`${low}.owner`) });
  const company = await createCompany(s, ownerAccount.token, { name: `${marker} Paving`, contactName: `${marker} Contact`, contactEmail: `${low}.office@example.com` });
  const companyId = company.id as number;
  const headers = { 'x-company-id': String(companyId) };
  const owner: Caller = { name: `${marker} owner`, token: ownerAccount.token, headers };
  const as = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await s.call(method as 'POST', `${API}${url}`, { token: owner.token, headers: { ...headers, ...extra }, body });
    if (res.status >= 300) throw new Error(`seed ${marker} ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const upload = (url: string, type: string) => {
    const m = multipart({ type }, { name: `${low}.png`, type: 'image/png', bytes: TINY_PNG });
    return as('POST', url, m.body, m.headers);
  };

  const memberAccount = await registerUser(s, { name: `${marker} Member`, email: uniqueEmail(`${low}.member`) });
  const memberRole = await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', companyId).where('name', '=', 'Member').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const memberMembership = await s.services.db
    .insertInto('memberships')
    .values({ user_id: memberAccount.user.id, company_id: companyId, type: 'company', role_id: memberRole.id, status: 'accepted', name: memberAccount.user.name, email: memberAccount.email, notification_settings: '{}', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ownerMembership = await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', ownerAccount.user.id).executeTakeFirstOrThrow();

  const sub = await as('POST', '/companies', companyData({ name: `${marker} North`, contactName: `${marker} North Contact`, contactEmail: `${low}.north@example.com`, parentId: companyId }));
  const role = await as('POST', `/roles/company/${companyId}`, { name: `${marker} Foreman`, permissions: [{ resourceType: 'crews', action: 'view' }] });
  const materials = await as('POST', `/companies/${companyId}/item-categories`, { name: `${marker} Materials`, color: '#112233' });
  const pipes = await as('POST', `/companies/${companyId}/item-categories`, { name: `${marker} Pipes`, color: '#445566', parentId: materials.id });
  await as('PATCH', `/memberships/${memberMembership.id}`, { categories: [pipes.id] });
  const inviteeEmail = uniqueEmail(`${low}.invitee`);
  const invitee = await as('POST', `/companies/${companyId}/memberships`, { name: `${marker} Invitee`, email: inviteeEmail, roleId: role.id, categories: [pipes.id] });
  // The crew holds the invitee, so the member stays a plain member (the Member role, in no crew).
  const crew = await as('POST', '/crews', { name: `${marker} Crew`, members: [invitee.id], leaders: [invitee.id, ownerMembership.id], categories: [pipes.id] });
  const taskType = await as('POST', `/companies/${companyId}/task-types`, { name: `${marker} Trenching`, description: marker });
  const damageType = await as('POST', `/companies/${companyId}/damage-types`, { name: `${marker} Gas line`, description: marker });
  const footprintType = await as('POST', `/companies/${companyId}/footprint-types`, { name: `${marker} Sidewalk`, description: marker });
  const authority = await as('POST', `/companies/${companyId}/safety-authorities`, { name: `${marker} Authority`, email: `${low}.authority@example.com` });
  const partnerEmail = `${low}.client@example.com`;
  const partnership = await as('POST', '/partnerships/create/client', companyData({ name: `${marker} Client Co`, contactName: `${marker} Client Contact`, contactEmail: partnerEmail }));
  const { markets } = await as('POST', `/partnerships/${partnership.id}/market`, { name: `${marker} Market` });
  const subEmail = `${low}.sub@example.com`;
  const invited = await as('POST', '/partnerships/invite/subcontractor', { name: `${marker} Invited Sub`, contactName: `${marker} Sub Contact`, contactEmail: subEmail });
  const item = await as('POST', '/items', { name: `${marker} Pipe`, code: 'P-1', categoryId: pipes.id, marketId: markets[0].id });
  const partnerItem = await as('POST', `/partnerships/${partnership.id}/items`, { name: `${marker} Partner pipe`, code: 'P-1', categoryId: pipes.id, marketId: markets[0].id });
  await upload(`/items/${item.id}/files`, 'icon');
  await upload(`/companies/${companyId}/files`, 'logo');
  await upload('/users/me/files', 'profilePicture');
  const view = await as('POST', '/users/me/views', { type: 'crews', name: `${marker} view`, filters: { name: marker } });
  const rootFolder = (await as('GET', '/folders/root')).folder;
  const plans = await as('POST', '/folders', { parentId: rootFolder.id, name: `${marker} Plans` });
  const drawings = await as('POST', '/folders', { parentId: plans.id, name: `${marker} Drawings` });
  const fileUpload = multipart({ folderId: String(drawings.id) }, { name: `${low}-plan.txt`, type: 'text/plain', bytes: Buffer.from(marker) });
  const { files: [planFile] } = await as('POST', '/filesNew', fileUpload.body, fileUpload.headers);
  // A project whose budget is approved (straight in the database: approval needs reviews), with an
  // item and two change orders: a draft and a sent one.
  const project = await as('POST', `/companies/${companyId}/projects`, { projectName: `${marker} Project`, code: `${marker}-1` });
  await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', project.budgetId).execute();
  const budgetItem = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: project.budgetId, item_id: item.id, report_weight: 0, quantity: 10, price_cents: Number(prices.unit.replace('.', '')), description: `${marker} trench`, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const changeOrders = `/projects/${project.id}/budgets/${project.budgetId}/change-orders`;
  const draftChange = await as('POST', changeOrders, { itemId: budgetItem.id, quantity: 12 });
  const sentChange = await as('POST', changeOrders, { itemId: budgetItem.id, quantity: 14 });
  await as('POST', `${changeOrders}/${sentChange.id}/send`, { price: prices.changeOrder });
  // A link mailed for it (the project has no client, so the sending issued none): its stored hash must not work as its token.
  const changeOrderLink = await issueDocumentLink(s.services.db, { companyId, kind: 'change_order', entityId: sentChange.id, contactEmail: `${low}.office@example.com`, contactName: null, createdBy: null });
  // A review of that budget asked of the plain member, with its external link (straight in the database: the budget is approved here).
  const review = await s.services.db
    .insertInto('budget_reviews')
    .values({
      budget_id: project.budgetId,
      membership_id: memberMembership.id,
      reviewer_company_id: companyId,
      reviewer_name: `${marker} Member`,
      reviewer_email: memberAccount.email,
      status: 'pending',
      status_reason: null,
      token_hash: hashToken(randomToken()),
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      signature_file_id: null,
      signature_sha256: null,
      signed_at: null,
      signer_name: null,
      signer_ip: null,
      signer_user_agent: null,
      requested_by: ownerAccount.user.id,
      decided_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'token_hash'])
    .executeTakeFirstOrThrow();
  const budgetLink = await s.services.db.selectFrom('budgets').select('public_hash').where('id', '=', project.budgetId).executeTakeFirstOrThrow();
  // A second project whose budget is still a draft, for the routes that change items, with an item and a comment.
  const draftProject = await as('POST', `/companies/${companyId}/projects`, { projectName: `${marker} Draft Project`, code: `${marker}-2` });
  // A subcontractor partner (active at once) to add to projects as a crew company, and a role of the first project.
  const subcoEmail = `${low}.subco@example.com`;
  const subPartnership = await as('POST', '/partnerships/create/subcontractor', companyData({ name: `${marker} Sub Co`, contactName: `${marker} Sub Co Contact`, contactEmail: subcoEmail }));
  const projectRole = await s.services.db
    .selectFrom('roles')
    .select('id')
    .where('scope_type', '=', 'project')
    .where('scope_id', '=', project.id)
    .where('name', '=', 'Viewer')
    .executeTakeFirstOrThrow();
  const draftItem = await as('POST', `/projects/${draftProject.id}/budgets/${draftProject.budgetId}/items`, { itemId: item.id, quantity: 3, price: prices.draft, description: `${marker} draft trench` });
  // A plan PDF of the draft project (its budget still takes items) with one drawing on it (straight in: drawing is the takeoff tests').
  const pdfUpload = multipart({}, { name: `${low}-sheet.pdf`, type: 'application/pdf', bytes: await planPdf() });
  const { files: [sheetFile] } = await as('POST', `/projects/${draftProject.id}/files/other`, pdfUpload.body, pdfUpload.headers);
  const layerItem = await s.services.db
    .insertInto('plan_layer_items')
    .values({ company_id: companyId, project_id: draftProject.id, file_id: sheetFile.id, page_number: 1, budget_id: draftProject.budgetId, item_id: item.id, budget_item_id: draftItem.id, kind: 'count', geometry: '{"points":[[1,1]]}', quantity_e3: 1000, quantity_typed: 0, created_by: null, created_at: now, updated_by: null, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await as('POST', `/projects/${project.id}/budgets/${project.budgetId}/comments`, { comment: `${marker} comment`, budgetItemId: budgetItem.id });

  // A draft production of the tenant's crew on the approved project, with an item at a station, a comment and a photo.
  await as('PATCH', `/projects/${project.id}/stations`, { stations: [{ name: `${marker} STA 0+00` }] });
  const station = await s.services.db.selectFrom('project_stations').select('id').where('project_id', '=', project.id).executeTakeFirstOrThrow();
  const production = await as('POST', `/production/project/${project.id}`, { crewId: crew.id, date: '2026-03-02', items: [{ budgetItemId: budgetItem.id, quantity: '1.5', stationId: station.id }], texts: { notes: marker } });
  // A drawing on the production's project, added to its budget, for the crew to mark production on (straight in).
  const producedPdf = multipart({}, { name: `${low}-built.pdf`, type: 'application/pdf', bytes: await planPdf() });
  const { files: [builtFile] } = await as('POST', `/projects/${project.id}/files/other`, producedPdf.body, producedPdf.headers);
  const producedLayerItem = await s.services.db
    .insertInto('plan_layer_items')
    .values({ company_id: companyId, project_id: project.id, file_id: builtFile.id, page_number: 1, budget_id: project.budgetId, item_id: item.id, budget_item_id: budgetItem.id, kind: 'count', geometry: '{"points":[[1,1]]}', quantity_e3: 1000, quantity_typed: 0, created_by: null, created_at: now, updated_by: null, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const productionComment = await as('POST', '/comment', { sourceId: production.id, comment: `${marker} note` });
  const photoUpload = multipart({}, { name: `${low}-photo.png`, type: 'image/png', bytes: TINY_PNG });
  const [photo] = await as('POST', `/production/${production.id}/files`, photoUpload.body, photoUpload.headers);

  // Invoices: the project bills a client off the platform (by name); the subcontractor partner works
  // on the draft project (the first one's crew-companies route adds it there); two productions
  // approved (straight in the database: approval is the productions area's), the first billed on a
  // draft invoice.
  await s.services.db.updateTable('projects').set({ client_name: `${marker} Town` }).where('id', '=', project.id).execute();
  await s.services.db.insertInto('project_crew_companies').values({ project_id: draftProject.id, company_id: subPartnership.partnerId, added_by: null, created_at: now }).execute();
  const approvedProduction = async (date: string) => {
    const made = await as('POST', `/production/project/${project.id}`, { crewId: crew.id, date, items: [{ budgetItemId: budgetItem.id, quantity: '2' }] });
    await s.services.db.updateTable('productions').set({ status: 'approved', approved_at: now }).where('id', '=', made.id).execute();
    await s.services.db.updateTable('production_reviews').set({ status: 'approved' }).where('production_id', '=', made.id).execute();
    return { id: made.id as number, itemId: made.items[0].id as number };
  };
  const billed = await approvedProduction('2026-03-03');
  const unbilled = await approvedProduction('2026-03-04');
  const invoice = await as('POST', `/invoices/${companyId}`, { projectId: project.id, productions: [{ id: billed.id, items: [{ id: billed.itemId }] }] });
  // A link mailed for the invoice (written straight in: sending needs no fixture of its own); its stored hash must not work as its token.
  const invoiceLink = await s.services.db
    .insertInto('document_links')
    .values({ company_id: companyId, entity_type: 'invoice', entity_id: invoice.id, token_hash: hashToken(randomToken()), contact_email: `${low}.office@example.com`, contact_name: null, expires_at: '2999-01-01T00:00:00.000Z', used_at: null, revoked_at: null, created_by: null, created_at: new Date().toISOString() })
    .returning('token_hash')
    .executeTakeFirstOrThrow();

  // A check-in of the owner with the crew on the project, and a locate ticket of the project with a utility's response.
  const log = await as('POST', '/logs', { projectId: project.id, crewId: crew.id, lat: 30.2672, lng: -97.7431, dateString: '2026-03-05', description: `${marker} check-in` });
  const locate = await as('POST', '/locates', { ticketNumber: `${marker}-T1`, projectId: project.id, address: `${marker} Main St`, digStartDate: '2026-03-01', expiresOn: '2026-03-20' });
  const located = await as('POST', `/locates/${locate.id}/responses`, { utilityName: `${marker} Water`, status: 'marked' });
  // A damage on the project with a file, and a footprint of the crew with a photo.
  const damage = await as('POST', '/damages', { damageDate: '2026-03-05', projectId: project.id, damageTypeId: damageType.id, safetyAuthorityId: authority.id, description: `${marker} gas line`, amount: prices.damage });
  const damageUpload = multipart({}, { name: `${low}-estimate.txt`, type: 'text/plain', bytes: Buffer.from(marker) });
  const [damageFile] = await as('POST', `/damages/${damage.id}/files/proof`, damageUpload.body, damageUpload.headers);
  const footprint = await as('POST', '/footprints', { projectId: project.id, typeId: footprintType.id, crewId: crew.id, date: '2026-03-05', kind: 'polygon', points: [[30.1, -97.1], [30.101, -97.1], [30.101, -97.101]], notes: `${marker} pit` });
  const footprintUpload = multipart({}, { name: `${low}-pit.png`, type: 'image/png', bytes: TINY_PNG });
  const [footprintPhoto] = await as('POST', `/footprints/${footprint.id}/files`, footprintUpload.body, footprintUpload.headers);
  // A task of the crew on the project with an item, a comment and a file.
  const task = await as('POST', `/projects/${project.id}/tasks`, { summary: `${marker} dig pit`, typeId: taskType.id, crewId: crew.id, city: `${marker} City`, items: [{ budgetItemId: budgetItem.id, quantity: '2.5' }] });
  await as('POST', `/tasks/${task.id}/comments`, { comment: `${marker} task note` });
  const taskUpload = multipart({ type: 'task', category: 'document' }, { name: `${low}-task.txt`, type: 'text/plain', bytes: Buffer.from(marker) });
  const [taskFile] = await as('POST', `/tasks/${task.id}/files`, taskUpload.body, taskUpload.headers);

  // A chat between the owner and the plain member with a message, and a note of the owner's.
  const chat = await as('GET', `/chat/get-chat?contactId=${memberAccount.user.id}`);
  await as('POST', '/chat/send-message', { chatId: chat.id, message: { who: ownerAccount.user.id, message: `${marker} chat` } });
  const note = await as('POST', '/quick-panel/notes', { title: `${marker} note`, detail: marker });

  // A notification of the plain member's (written straight in: which flow tells whom is each area's).
  const notification = await s.services.db
    .insertInto('notifications')
    .values({ company_id: companyId, membership_id: memberMembership.id, type: 'task', description: `${marker} task note`, entity_id: String(task.id), options: JSON.stringify({ projectId: project.id }), read: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A dashboard with a figure widget, made public, revoked and made public again: the first URL is dead for good.
  const dashboard = await as('POST', '/dashboard', { name: `${marker} Board`, filters: { projectId: project.id } });
  const widget = await as('POST', `/dashboard/${dashboard.id}/widget`, { title: `${marker} Count`, type: 'kpi', configuration: { query: { source: 'production', measure: { fn: 'count' } } } });
  const revokedURL = (await as('PATCH', `/dashboard/${dashboard.id}`, { isPublic: true })).publication.publicURL as string;
  await as('PATCH', `/dashboard/${dashboard.id}`, { isPublic: false });
  const liveURL = (await as('PATCH', `/dashboard/${dashboard.id}`, { isPublic: true, publicFilters: { projectIds: [project.id], crewIds: [crew.id] } })).publication.publicURL as string;

  // A PDF conversion of the project's (written straight in: the optimiser's own tests run conversions).
  const conversion = await s.services.db
    .insertInto('pdf_conversions')
    .values({ company_id: companyId, project_id: project.id, requested_by: ownerAccount.user.id, source_name: `${marker} plans.pdf`, ratio: '1', status: 'done', pages_total: 1, pages_done: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A finished data export of the company's (written straight in: the export's own tests run exports).
  const companyExport = await s.services.db
    .insertInto('company_exports')
    .values({ company_id: companyId, requested_by: ownerAccount.user.id, status: 'done', steps_total: 1, steps_done: 1, created_at: now, updated_at: now, finished_at: now, expires_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  // An API token of the company's (written straight in: tests/api/api-tokens.test.ts creates them through the API).
  const apiToken = await s.services.db
    .insertInto('api_tokens')
    .values({ company_id: companyId, name: `${marker} token`, token_hash: `seed-${marker}-${Date.now()}`, hint: 'fwk_seed', permissions: '[]', created_by: ownerAccount.user.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A webhook of the company's with one delivery (written straight in: the webhooks' own tests deliver them).
  const webhook = await s.services.db
    .insertInto('webhooks')
    .values({ company_id: companyId, url: `https://93.184.216.34/${marker}`, events: '["production.approved"]', active: 1, secret: s.services.fieldCipher.encrypt('whsec_seed', 'webhooks.secret:0'), created_by: ownerAccount.user.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const webhookDelivery = await s.services.db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: webhook.id, company_id: companyId, event: 'production.approved', event_id: `${marker}-event`, body: '{}', status: 'failed', attempts: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  const memberInvitation = await s.services.db.selectFrom('memberships').select('invite_token_hash').where('id', '=', invitee.id).executeTakeFirstOrThrow();
  const partnerInvitation = await s.services.db.selectFrom('partnership_invitations').select('token_hash').where('partnership_id', '=', invited.id).executeTakeFirstOrThrow();

  return {
    marker,
    companyId,
    owner,
    member: { name: `${marker} plain member`, token: memberAccount.token, headers },
    ids: {
      company: [companyId, sub.id],
      role: [role.id, memberRole.id],
      membership: [memberMembership.id, invitee.id, ownerMembership.id],
      crew: [crew.id],
      taskType: [taskType.id],
      damageType: [damageType.id],
      footprintType: [footprintType.id],
      safetyAuthority: [authority.id],
      itemCategory: [pipes.id, materials.id],
      item: [item.id, partnerItem.id],
      partnership: [partnership.id, invited.id],
      market: [markets[0].id],
      view: [view.id],
      folder: [drawings.id, plans.id, rootFolder.id],
      file: [planFile.id],
      planFile: [sheetFile.id],
      layerItem: [layerItem.id],
      producedLayerItem: [producedLayerItem.id],
      project: [project.id],
      budget: [project.budgetId],
      budgetItem: [budgetItem.id],
      changeOrder: [draftChange.id, sentChange.id],
      review: [review.id],
      draftProject: [draftProject.id],
      draftBudget: [draftProject.budgetId],
      draftBudgetItem: [draftItem.id],
      projectRole: [projectRole.id],
      station: [station.id],
      production: [production.id],
      productionItem: [production.items[0].id],
      productionComment: [productionComment.id],
      productionPhoto: [photo.id],
      invoice: [invoice.id],
      invoiceProduction: [billed.id, unbilled.id],
      invoiceProductionItem: [billed.itemId, unbilled.itemId],
      log: [log.id],
      locate: [locate.id],
      locateResponse: [located.responses[0].id],
      damage: [damage.id],
      damageFile: [damageFile.id],
      footprint: [footprint.id],
      footprintPhoto: [footprintPhoto.id],
      task: [task.id],
      taskFile: [taskFile.id],
      chat: [chat.id],
      quickNote: [note.id],
      notification: [notification.id],
      pdfConversion: [conversion.id],
      companyExport: [companyExport.id],
      apiToken: [apiToken.id],
      webhook: [webhook.id],
      webhookDelivery: [webhookDelivery.id],
      dashboard: [dashboard.id],
      widget: [widget.id],
    },
    tokens: {
      memberInvitation: [memberInvitation.invite_token_hash!],
      partnerInvitation: [partnerInvitation.token_hash],
      // The budget half of a review link is the real one; the review half is its stored hash, which must not work as the token.
      budgetLink: [budgetLink.public_hash],
      reviewLink: [review.token_hash!],
      invoiceLink: [invoiceLink.token_hash],
      changeOrderLink: [changeOrderLink.row.token_hash],
      // Paths name the revoked URL: it must answer nothing, to anyone.
      dashboardLink: [revokedURL],
    },
    scope: {
      companies: [companyId, sub.id, partnership.partnerId, subPartnership.partnerId],
      users: [ownerAccount.user.id, memberAccount.user.id],
      emails: [ownerAccount.email, memberAccount.email, inviteeEmail, partnerEmail, subEmail, subcoEmail, `${low}.office@example.com`, `${low}.north@example.com`],
    },
    partners: { client: partnership.partnerId, subcontractor: subPartnership.partnerId },
    publicURL: liveURL,
    prices,
  };
}

