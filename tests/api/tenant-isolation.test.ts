import { PDFDocument } from 'pdf-lib';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { RouteDef } from '../../server/http/route.js';
import { issueDocumentLink } from '../../server/lib/document-links.js';
import { hashToken, randomToken } from '../../server/lib/tokens.js';
import { allRoutes } from '../../server/modules/index.js';
import { planPdf } from './plan-takeoff-helpers.js';
import { companyData, createCompany, describeEachDatabase, multipart, registerUser, TINY_PNG, uniqueEmail, type TestServer } from './harness.js';

/**
 * One sweep of every route in `allRoutes` against tenant isolation. Company A holds a row of every
 * kind a route can name; company B's owner and its plain member (X-Company-Id: B) then:
 *   1. call every route whose path names a row with A's ids: refused (404; 403 only from a route
 *      that is not company-bound, for lack of a permission; 400 for a token that is no invitation);
 *   2. read B's own rows and lists, and search for A's names: no row of A in the answer;
 *   3. send A's ids in the id fields of every body (B's own rows everywhere else): refused, while
 *      the same body with B's ids succeeds;
 *   4. call every route with B's own ids but X-Company-Id: A: refused.
 * After each route, A's rows in every table must be exactly as before. A route whose path param, body
 * id field or table this file cannot place fails the sweep with what to add, so a new route is swept
 * as soon as it is listed.
 */

const API = '/api/v1';

/** A one-page PDF for the PDF optimiser's upload. */
const TINY_PDF = await (async () => {
  const doc = await PDFDocument.create();
  doc.addPage([72, 72]);
  return Buffer.from(await doc.save());
})();

type IdKind =
  | 'company'
  | 'role'
  | 'membership'
  | 'crew'
  | 'taskType'
  | 'damageType'
  | 'footprintType'
  | 'safetyAuthority'
  | 'itemCategory'
  | 'item'
  | 'partnership'
  | 'market'
  | 'view'
  | 'folder'
  | 'file'
  | 'project'
  | 'budget'
  | 'budgetItem'
  | 'changeOrder'
  | 'review'
  | 'draftProject'
  | 'draftBudget'
  | 'draftBudgetItem'
  | 'projectRole'
  | 'station'
  | 'production'
  | 'productionItem'
  | 'productionComment'
  | 'productionPhoto'
  | 'invoice'
  | 'invoiceProduction'
  | 'invoiceProductionItem'
  | 'log'
  | 'locate'
  | 'locateResponse'
  | 'damage'
  | 'damageFile'
  | 'footprint'
  | 'footprintPhoto'
  | 'task'
  | 'taskFile'
  | 'chat'
  | 'quickNote'
  | 'notification'
  | 'dashboard'
  | 'widget'
  | 'pdfConversion'
  | 'companyExport'
  | 'planFile'
  | 'layerItem'
  | 'producedLayerItem';
/**
 * Invitation tokens, the two halves of an external budget review link (the budget's public hash, the
 * review's token), and a public dashboard's URL (one revoked: dead for good).
 */
type TokenKind = 'memberInvitation' | 'partnerInvitation' | 'budgetLink' | 'reviewLink' | 'invoiceLink' | 'changeOrderLink' | 'dashboardLink';
type ValueKind = 'partnerType' | 'searchText' | 'projectFileType' | 'paidStatus' | 'damageFileCategory' | 'widgetType' | 'reportFormat';
type ParamKind = IdKind | TokenKind | ValueKind;

interface Caller {
  name: string;
  token: string;
  headers: Record<string, string>;
}

interface Tenant {
  marker: string;
  companyId: number;
  owner: Caller;
  member: Caller;
  /** Rows of each kind; the first of each is the one bodies name. */
  ids: Record<IdKind, number[]>;
  /** What a token param is filled with: the stored hash of the tenant's invitation, which must not work as its token. */
  tokens: Record<TokenKind, string[]>;
  /** Everything the tenant owns, for the snapshot: its companies (the partner company it created too), users and e-mail addresses. */
  scope: { companies: number[]; users: number[]; emails: string[] };
  /** Companies the tenant has active partnerships with: its client, and a subcontractor it can add to projects. */
  partners: { client: number; subcontractor: number };
  /** The live URL of its public dashboard, which guests' bodies name. */
  publicURL: string;
}

type RouteKey = string;
const keyOf = (r: RouteDef<any, any, any>): RouteKey => `${r.method} ${r.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const literals = (url: string) => url.split('/').filter((s) => s && !s.startsWith(':'));

// ---- Which kind of row each path param names --------------------------------------------------

const PARAM_KINDS: Record<string, ParamKind> = {
  companyId: 'company',
  subcontractorId: 'company',
  clientId: 'company',
  code: 'memberInvitation',
  type: 'partnerType',
  text: 'searchText',
  budgetId: 'budget',
  budgetItemId: 'budgetItem',
  changeOrderId: 'changeOrder',
  reviewId: 'review',
  projectId: 'project',
  subProjectId: 'project',
  fileType: 'projectFileType',
  categoryId: 'itemCategory',
  budgetHash: 'budgetLink',
  reviewHash: 'reviewLink',
  productionId: 'production',
  // POST /invoices/:id/paid/:status
  status: 'paidStatus',
  photoId: 'productionPhoto',
  responseId: 'locateResponse',
  // POST /damages/:id/files/:category
  category: 'damageFileCategory',
  // GET /members/:memberId/notifications: a membership's bell.
  memberId: 'membership',
  widgetId: 'widget',
  // GET /companies/:id/exports/:exportId: a data export of the company.
  exportId: 'companyExport',
  // The public variants of a dashboard are addressed by its public URL.
  publicURL: 'dashboardLink',
  // GET /reports/:name/download/:format; a report's rows are named in its query (tests/api/reports-*.test.ts sweep another company's ids there).
  format: 'reportFormat',
};
/** Params whose name means another thing on one URL. */
const PARAM_KINDS_BY_URL: Record<string, Record<string, ParamKind>> = {
  '/dashboard/widget/:type/configuration': { type: 'widgetType' },
};
/** `:id` names a row of the area its URL starts with. */
const ID_BY_ROOT: Record<string, IdKind> = {
  companies: 'company',
  roles: 'role',
  memberships: 'membership',
  crews: 'crew',
  'task-types': 'taskType',
  'damage-types': 'damageType',
  'footprint-types': 'footprintType',
  'safety-authorities': 'safetyAuthority',
  'item-categories': 'itemCategory',
  items: 'item',
  partnerships: 'partnership',
  folders: 'folder',
  projects: 'project',
  production: 'production',
  productions: 'production',
  invoices: 'invoice',
  logs: 'log',
  locates: 'locate',
  damages: 'damage',
  footprints: 'footprint',
  tasks: 'task',
  notifications: 'notification',
  dashboard: 'dashboard',
  'to-images': 'pdfConversion',
};
/** `:id` of the file manager's paths, whose first segment does not say the kind. */
const ID_BY_URL: Record<string, IdKind> = {
  '/filesNew/folderId/:id': 'folder',
  '/filesNew/secured/:id': 'file',
  '/filesNew/:id': 'file',
  '/folder/file/permission/:id': 'folder',
  '/roles/project/:projectId/:id': 'projectRole',
  '/production/item/:id': 'productionItem',
  '/production/item/:id/files': 'productionItem',
  '/comment/:id': 'productionComment',
  '/quick-panel/notes/:id': 'quickNote',
};
/** `:fileId` names a file of the record its URL starts with. */
const FILE_BY_ROOT: Record<string, IdKind> = { damages: 'damageFile', footprints: 'footprintPhoto', tasks: 'taskFile', layerItems: 'planFile', item: 'planFile', items: 'planFile' };
/** `:token` names an invitation of the area its URL starts with, or (under public/) a mailed document link of the area after it. */
const TOKEN_BY_ROOT: Record<string, TokenKind> = { memberships: 'memberInvitation', partnerships: 'partnerInvitation', 'public/invoices': 'invoiceLink', 'public/change-orders': 'changeOrderLink' };
const VALUE_KINDS = new Set<ParamKind>(['partnerType', 'searchText', 'projectFileType', 'paidStatus', 'damageFileCategory', 'widgetType', 'reportFormat']);
const TOKEN_KINDS = new Set<ParamKind>(['memberInvitation', 'partnerInvitation', 'budgetLink', 'reviewLink', 'invoiceLink', 'changeOrderLink', 'dashboardLink']);

/**
 * The routes that change a budget's items name a project whose budget is still a draft: the other
 * budget routes (change orders, reviews) need an approved one, and the controls must pass.
 */
const DRAFT_BUDGET_URL = /^\/projects\/:id\/budgets\/:budgetId\/items(\/multiple|\/:budgetItemId)?$/;
const DRAFT_KINDS: Record<string, IdKind> = { id: 'draftProject', budgetId: 'draftBudget', budgetItemId: 'draftBudgetItem' };

function paramKind(url: string, param: string): ParamKind | undefined {
  if (DRAFT_BUDGET_URL.test(url) && DRAFT_KINDS[param]) return DRAFT_KINDS[param];
  if (PARAM_KINDS_BY_URL[url]?.[param]) return PARAM_KINDS_BY_URL[url][param];
  if (PARAM_KINDS[param]) return PARAM_KINDS[param];
  const root = literals(url)[0]!;
  if (param === 'id') return ID_BY_URL[url] ?? ID_BY_ROOT[root];
  if (param === 'token') return TOKEN_BY_ROOT[literals(url).slice(0, 2).join('/')] ?? TOKEN_BY_ROOT[root];
  if (param === 'fileId') return FILE_BY_ROOT[root];
  return undefined;
}

/** Routes that answer another company's data on purpose; each names the decision that makes it so. */
const OPEN_BY_DESIGN: Record<RouteKey, string> = {
  'GET /staticfiles/:publicId': 'pictures are served to <img> tags by an unguessable id, without a session (docs/decisions.md, Files)',
  'GET /partnerships/companies/prefix/:text': 'adding an existing company as a partner needs its id: the search answers ids and names of live companies (docs/decisions.md, Partners)',
};
/** Routes the list pass leaves out, with why. */
const NOT_LISTED: Record<RouteKey, string> = {
  'GET /users/logout': "ends the caller's own session and answers nothing",
};
/** Reads that need a query to answer anything: the window of days around the tenants' productions. */
/** Query strings, from the tenant whose ids the call names (the PDF optimiser takes its project there). */
const QUERIES: Record<RouteKey, (t: Tenant) => string> = {
  'GET /calendar/events': () => 'start=2026-02-15&end=2026-04-15',
  'POST /to-images': (t) => `projectId=${first(t, 'project')}`,
};

// ---- Which kind of row each id field of a body names --------------------------------------------

/** Numbers, or fields named like ids, that name no row another company could own. */
const NOT_REFERENCES: Record<string, string> = {
  nextInvoiceNumber: 'a counter',
  paymentTermsDays: 'a number of days',
  defaultRetainagePercent: 'a percentage',
  photosNumber: 'a number of photos',
  quantity: 'a quantity',
  price: 'an amount of money',
  iconId: 'only null is accepted (removes the icon); icons are uploaded',
  'permissions.[].resourceId': "a role names resources of its own company; holding it grants nothing in another",
  'permission.subjectId': "a role or member of another company is refused with 400 (tests/api/files-permissions.test.ts)",
  retainagePercent: 'a percentage',
  powoNumber: 'a purchase or work order number, kept as text',
  pdfScaleFactor: 'a scale',
  pageNumber: 'a page of a plan file',
  version: "a drawing's version, checked against the drawing named",
  'stations.[].chainage': 'a distance along the job',
  profitabilityPercent: 'a percentage',
  retainage: 'a percentage',
  amount: 'an amount of money',
  lat: 'a latitude',
  position: "a task's place in its board column",
  lng: 'a longitude',
  'productions.[].items.[].id': "an item of the production named beside it (productions.[].id, swept); another production's item is refused with 400 (tests/api/invoices.test.ts)",
  'message.who': "the sender, which must be the caller's own user id: anything else is a 400 (tests/api/chat.test.ts)",
  'message.time': 'a time the client sends and the server ignores',
  // A widget's place on the dashboard grid.
  x: 'a column of the dashboard grid',
  y: 'a row of the dashboard grid',
  w: 'a width in grid columns',
  h: 'a height in grid rows',
  'filters.[].value':
    "a figure filter's value (an id when its field is one): another company's crew or project selects none of the acting company's rows (tests/api/figures.test.ts)",
  limit: 'a number of groups',
  memberId:
    "a reviewer of another company is refused with 400 (tests/api/budget-reviews.test.ts); the sweep's budgets are approved, so a control request could not pass",
};
/** Body fields that take another company's id on purpose. */
const REFERENCES_BY_DESIGN: Record<string, string> = {
  guestCompanyId: 'adding an existing company as a partner needs no consent from it (docs/decisions.md, Partners)',
};
const BODY_REFERENCES: Record<string, IdKind | ((url: string) => IdKind | undefined)> = {
  view: 'view',
  roleId: 'role',
  members: 'membership',
  leaders: 'membership',
  newCrewMembers: 'membership',
  assignedToCrewsAsMember: 'crew',
  assignedToCrewsAsLeader: 'crew',
  categories: 'itemCategory',
  categoryId: 'itemCategory',
  marketId: 'market',
  folderId: 'folder',
  parentId: (url) => ({ companies: 'company', 'item-categories': 'itemCategory', folders: 'folder' } as const)[literals(url).at(-1)!],
  // A change order is made from a budget item; elsewhere itemId names a catalog item.
  // …and on a plan's drawing calls (/item/:fileId/4), a drawing.
  itemId: (url) => (literals(url).at(-1) === 'change-orders' ? 'budgetItem' : literals(url)[0] === 'item' ? 'layerItem' : 'item'),
  'marks.[].layerItemId': 'producedLayerItem',
  // A plan's drawings are for one of the project's budgets; add-to-budget names catalog items.
  budgetId: (url) => (['layerItems', 'items'].includes(literals(url)[0]!) ? 'draftBudget' : undefined),
  budgetIds: 'draftBudget',
  itemIds: 'item',
  budgetItemId: 'budgetItem',
  // Whose budgets a figure reads; the subcontractor made a crew company of a project.
  companyId: (url) => (['budget-spent', 'crew-companies'].includes(literals(url).at(-1)!) ? 'company' : undefined),
  clientId: 'company',
  projectId: 'project',
  // A project membership is made from a company membership, with a role of the project.
  'memberships.[].id': 'membership',
  'memberships.[].roleId': 'projectRole',
  // A project file copied from the file manager.
  fileId: 'file',
  fileIds: 'file',
  // Productions: the crew that produced, stations of the project, the production a comment is on, its items by id.
  crewId: 'crew',
  stationId: 'station',
  stationIds: 'station',
  sourceId: 'production',
  // Invoices bill approved productions; the report reads what a subcontractor of the company billed it.
  'productions.[].id': 'invoiceProduction',
  sourceSubcontractor: 'company',
  'items.[].id': (url) => (url === '/production/:id/items' ? 'productionItem' : undefined),
  // Damages name the company's own catalog rows; a footprint its type.
  damageTypeId: 'damageType',
  safetyAuthorityId: 'safetyAuthority',
  typeId: (url) => (literals(url)[0] === 'footprints' ? 'footprintType' : ['tasks', 'projects'].includes(literals(url)[0]!) ? 'taskType' : undefined),
  // A production names a task of its project.
  taskId: 'task',
  // A chat message is sent in a chat of the caller's company.
  chatId: 'chat',
  // Dashboards: a widget of the dashboard (its layout, a guest's question), and the projects and crews a guest may pick.
  widgetId: 'widget',
  projectIds: 'project',
  crewIds: 'crew',
};

interface Leaf {
  path: string;
  numeric: boolean;
}

/** A field of the objects in a top-level list (`items.[].itemId`): the sweep swaps it in every element. */
const LIST_FIELD = /^(\w+)\.\[\]\.(\w+)$/;
/** A field of a top-level object (`filters.projectId`): the sweep swaps it inside that object. */
const OBJECT_FIELD = /^(\w+)\.(\w+)$/;

/** The body with `foreign` in `field` (in each element, for a list field); null when the body does not send the field. */
function swapped(body: Record<string, unknown>, field: string, foreign: number): Record<string, unknown> | null {
  const inList = LIST_FIELD.exec(field);
  if (inList) {
    const [, list, key] = inList;
    const elements = body[list!];
    if (!Array.isArray(elements) || !elements.length || !elements.every((e) => typeof e === 'object' && e !== null && key! in e)) return null;
    return { ...body, [list!]: elements.map((e) => ({ ...e, [key!]: foreign })) };
  }
  const inObject = OBJECT_FIELD.exec(field);
  if (inObject) {
    const [, holder, key] = inObject;
    const inner = body[holder!];
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner) || !(key! in inner)) return null;
    const value = (inner as Record<string, unknown>)[key!];
    return { ...body, [holder!]: { ...inner, [key!]: Array.isArray(value) ? [foreign] : foreign } };
  }
  if (!(field in body)) return null;
  return { ...body, [field]: Array.isArray(body[field]) ? [foreign] : foreign };
}

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];
const defOf = (schema: any): any => schema?._zod?.def;
const unwrap = (schema: any): any => (WRAPPERS.includes(defOf(schema)?.type) ? unwrap(defOf(schema).innerType) : schema);

/** Whether a field holds numbers, alone or in a list (after preprocessing, coercion or a union). */
function numeric(schema: any): boolean {
  const def = defOf(unwrap(schema));
  if (!def) return false;
  if (def.type === 'number') return true;
  if (def.type === 'pipe') return numeric(def.in) || numeric(def.out);
  if (def.type === 'union') return def.options.some(numeric);
  if (def.type === 'array') return numeric(def.element);
  return false;
}

/** Every field of a body schema, nested ones as `a.b` and `list.[].b`. */
function fields(schema: any, prefix = ''): Leaf[] {
  let object = unwrap(schema);
  while (defOf(object)?.type === 'pipe') object = unwrap(defOf(object).in);
  if (defOf(object)?.type !== 'object') return [];
  return Object.entries(defOf(object).shape).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    const inner = defOf(unwrap(value));
    const nested = inner?.type === 'array' ? fields(inner.element, `${path}.[].`) : fields(value, `${path}.`);
    return [{ path, numeric: numeric(value) }, ...nested];
  });
}

/** The body fields of a route that name rows, each with the kind it names; unplaceable ones are reported. */
function bodyReferences(route: RouteDef<any, any, any>, problems: string[]): Array<{ field: string; kind: IdKind }> {
  if (!route.body) return [];
  const out: Array<{ field: string; kind: IdKind }> = [];
  for (const leaf of fields(route.body)) {
    const name = leaf.path.split('.').at(-1)!;
    const idLike = leaf.numeric || /Ids?$/.test(name);
    if (!idLike || NOT_REFERENCES[leaf.path] || NOT_REFERENCES[name] || REFERENCES_BY_DESIGN[name]) continue;
    const rule = BODY_REFERENCES[leaf.path] ?? BODY_REFERENCES[name];
    const kind = typeof rule === 'function' ? rule(route.url) : rule;
    if (!kind) problems.push(`add a body mapping for ${keyOf(route)} field ${leaf.path} (BODY_REFERENCES, or NOT_REFERENCES with why)`);
    else if (leaf.path.includes('.') && !LIST_FIELD.test(leaf.path) && !OBJECT_FIELD.test(leaf.path)) problems.push(`${keyOf(route)}: nested id field ${leaf.path} needs the sweep to learn nested substitution`);
    else out.push({ field: leaf.path, kind });
  }
  return out;
}

// ---- A valid body for every route that takes one ---------------------------------------------

type Payload = { json: unknown } | { multipart: ReturnType<typeof multipart> } | { none: true };
type BodyFor = (t: Tenant, n: number) => Payload;

const json = (value: unknown): Payload => ({ json: value });
const NO_BODY: BodyFor = () => ({ none: true });
const png = (type: string): BodyFor => () => ({ multipart: multipart({ type }, { name: 'probe.png', type: 'image/png', bytes: TINY_PNG }) });
const first = (t: Tenant, kind: IdKind) => t.ids[kind][0]!;
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

const BODIES: Record<RouteKey, BodyFor> = {
  'PATCH /users/me': () => json({ city: 'Dallas' }),
  'PATCH /users/me/change-password': () => json({ currentPassword: 'secret123', password: 'secret456' }),
  'PATCH /users/me/shortcuts': () => json({ shortcuts: ['crews'] }),
  'POST /users/me/views': (_t, n) => json({ type: 'crews', filters: { name: probe(n) } }),
  'POST /users/me/files': png('profilePicture'),
  'POST /users/register/:code': (t, n) => json({ name: 'Probe Person', phone: '+1 555 010 2020', email: probeEmail(t, n), password: 'secret123', passwordConfirm: 'secret123' }),
  'PATCH /users/me/company/:companyId': NO_BODY,
  'POST /companies/:id/exports': NO_BODY,
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
const SECOND_SHAPES: Partial<Record<RouteKey, BodyFor>> = {
  'POST /logs': (t) => json({ logData: { projectId: first(t, 'project'), crewId: first(t, 'crew'), lat: 30.2672, lng: -97.7431, description: 'probe' }, dateString: '2026-03-05' }),
};

/** A route sends a body when it declares one or changes something without one (uploads, accept). */
const needsBody = (r: RouteDef<any, any, any>) => !!r.body || !['GET', 'DELETE'].includes(r.method);

// ---- Seeding a tenant through the API -------------------------------------------------------------

async function seedTenant(s: TestServer, marker: string): Promise<Tenant> {
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
    .values({ budget_id: project.budgetId, item_id: item.id, report_weight: 0, quantity: 10, price_cents: 1250, description: `${marker} trench`, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const changeOrders = `/projects/${project.id}/budgets/${project.budgetId}/change-orders`;
  const draftChange = await as('POST', changeOrders, { itemId: budgetItem.id, quantity: 12 });
  const sentChange = await as('POST', changeOrders, { itemId: budgetItem.id, quantity: 14 });
  await as('POST', `${changeOrders}/${sentChange.id}/send`, { price: '13.00' });
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
  const draftItem = await as('POST', `/projects/${draftProject.id}/budgets/${draftProject.budgetId}/items`, { itemId: item.id, quantity: 3, price: '2.50', description: `${marker} draft trench` });
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
  const damage = await as('POST', '/damages', { damageDate: '2026-03-05', projectId: project.id, damageTypeId: damageType.id, safetyAuthorityId: authority.id, description: `${marker} gas line`, amount: '250.00' });
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
  };
}

// ---- A's rows, table by table --------------------------------------------------------------------

type Scope = Tenant['scope'];
const list = (xs: Array<number | string>) => sql.join(xs);
const companiesOf = (a: Scope) => list(a.companies);
const partnershipsOf = (a: Scope) =>
  sql`select id from partnerships where company_id in (${companiesOf(a)}) or partner_company_id in (${companiesOf(a)}) or client_id in (${companiesOf(a)}) or subcontractor_id in (${companiesOf(a)})`;
const crewsOf = (a: Scope) => sql`select id from crews where company_id in (${companiesOf(a)})`;
const membershipsOf = (a: Scope) => sql`select id from memberships where company_id in (${companiesOf(a)})`;
const productionsOf = (a: Scope) => sql`select id from productions where company_id in (${companiesOf(a)})`;
const categoriesOf = (a: Scope) => sql`select id from item_categories where company_id in (${companiesOf(a)})`;

/** Which rows of a table are A's, where a company_id column alone does not say it all. */
const TABLE_SCOPES: Record<string, (a: Scope) => RawBuilder<unknown>> = {
  companies: (a) => sql`id in (${companiesOf(a)})`,
  roles: (a) =>
    sql`(scope_type = 'company' and scope_id in (${companiesOf(a)})) or (scope_type = 'project' and scope_id in (select id from projects where company_id in (${companiesOf(a)})))`,
  users: (a) => sql`id in (${list(a.users)})`,
  sessions: (a) => sql`user_id in (${list(a.users)})`,
  password_resets: (a) => sql`user_id in (${list(a.users)})`,
  email_changes: (a) => sql`user_id in (${list(a.users)})`,
  user_views: (a) => sql`user_id in (${list(a.users)})`,
  memberships: (a) => sql`company_id in (${companiesOf(a)}) or user_id in (${list(a.users)})`,
  crew_members: (a) => sql`crew_id in (${crewsOf(a)}) or membership_id in (${membershipsOf(a)})`,
  crew_categories: (a) => sql`crew_id in (${crewsOf(a)}) or category_id in (${categoriesOf(a)})`,
  member_categories: (a) => sql`membership_id in (${membershipsOf(a)}) or category_id in (${categoriesOf(a)})`,
  audit_events: (a) => sql`company_id in (${companiesOf(a)}) or actor_user_id in (${list(a.users)})`,
  mail_outbox: (a) => sql`to_address in (${list(a.emails)})`,
  mail_attachments: (a) => sql`outbox_id in (select id from mail_outbox where to_address in (${list(a.emails)}))`,
  // A job is the server's own work; the mail it carries is checked through mail_outbox.
  jobs: () => sql`false`,
  pdf_conversion_pages: (a) => sql`conversion_id in (select id from pdf_conversions where company_id in (${companiesOf(a)}))`,
  list_totals: (a) => sql`list in ('members', 'tasks') and scope_id in (${companiesOf(a)})`,
  files: (a) => sql`company_id in (${companiesOf(a)}) or (entity_type = 'user' and entity_id in (${list(a.users.map(String))}))`,
  partnerships: (a) => sql`id in (${partnershipsOf(a)})`,
  partnership_invitations: (a) => sql`partnership_id in (${partnershipsOf(a)})`,
  partnership_markets: (a) => sql`partnership_id in (${partnershipsOf(a)}) or market_id in (select id from markets where company_id in (${companiesOf(a)}))`,
  items: (a) => sql`company_id in (${companiesOf(a)}) or partnership_id in (${partnershipsOf(a)})`,
  projects: (a) => sql`company_id in (${companiesOf(a)}) or client_id in (${companiesOf(a)})`,
  project_stations: (a) => sql`project_id in (select id from projects where company_id in (${companiesOf(a)}))`,
  project_crew_companies: (a) => sql`project_id in (select id from projects where company_id in (${companiesOf(a)})) or company_id in (${companiesOf(a)})`,
  budget_items: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)}))`,
  budget_reviews: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)})) or reviewer_company_id in (${companiesOf(a)})`,
  invoice_transactions: (a) => sql`invoice_id in (select id from invoices where company_id in (${companiesOf(a)}))`,
  budget_comments: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)})) or company_id in (${companiesOf(a)})`,
  production_items: (a) => sql`production_id in (${productionsOf(a)})`,
  production_plan_marks: (a) => sql`production_id in (${productionsOf(a)})`,
  production_reviews: (a) => sql`production_id in (${productionsOf(a)}) or company_id in (${companiesOf(a)})`,
  production_stations: (a) => sql`production_id in (${productionsOf(a)})`,
  production_traces: (a) => sql`production_id in (${productionsOf(a)})`,
  production_photos: (a) => sql`production_id in (${productionsOf(a)})`,
  production_comments: (a) => sql`production_id in (${productionsOf(a)}) or company_id in (${companiesOf(a)})`,
  task_items: (a) => sql`task_id in (select id from tasks where company_id in (${companiesOf(a)}))`,
  task_files: (a) => sql`task_id in (select id from tasks where company_id in (${companiesOf(a)}))`,
  locate_responses: (a) => sql`locate_id in (select id from locates where company_id in (${companiesOf(a)}))`,
  chat_messages: (a) => sql`chat_id in (select id from chats where company_id in (${companiesOf(a)})) or sender_user_id in (${list(a.users)})`,
  quick_notes: (a) => sql`user_id in (${list(a.users)})`,
  idempotency_keys: (a) => sql`user_id in (${list(a.users)})`,
};

type Snapshot = Map<string, string[]>;
type ScopedTable = { name: string; rows: RawBuilder<unknown> };

/** Every table of the database with the condition picking A's rows; a table with no rule is reported. */
async function scopedTables(s: TestServer, a: Scope, problems: string[]): Promise<ScopedTable[]> {
  const db = s.services.db;
  const schema = s.services.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  // SQLite's full-text tables (and their shadow tables) index rows of tables snapshotted themselves.
  const textIndex = /^(memberships|items|crews|files|folders|projects|tasks)_text(_config|_data|_docsize|_idx|_content)?$/;
  const tables = (await db.introspection.getTables()).filter((t) => (!schema || t.schema === schema) && !textIndex.test(t.name));
  return tables.flatMap((table) => {
    const rule = TABLE_SCOPES[table.name] ?? (table.columns.some((c) => c.name === 'company_id') ? (x: Scope) => sql`company_id in (${companiesOf(x)})` : undefined);
    if (rule) return [{ name: table.name, rows: rule(a) }];
    problems.push(`add a snapshot rule for table ${table.name} (TABLE_SCOPES): which of its rows are a company's?`);
    return [];
  });
}

/** A's rows, table by table, as sorted JSON. */
async function snapshot(s: TestServer, tables: ScopedTable[]): Promise<Snapshot> {
  const rows = await Promise.all(tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table.name)} where ${table.rows}`.execute(s.services.db)));
  return new Map(tables.map((table, i) => [table.name, rows[i]!.rows.map((r) => JSON.stringify(r)).sort()]));
}

function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, rows] of after) {
    const was = before.get(table) ?? [];
    const gone = was.filter((r) => !rows.includes(r));
    const added = rows.filter((r) => !was.includes(r));
    if (gone.length || added.length) out.push(`${table}: ${gone.map((r) => `- ${r}`).concat(added.map((r) => `+ ${r}`)).join(' ').slice(0, 600)}`);
  }
  return out;
}

// ---- The sweep ----------------------------------------------------------------------------------

type AnyRoute = RouteDef<any, any, any>;
const isCompanyBound = (r: AnyRoute) => typeof r.access === 'object' && 'company' in r.access && !!r.access.company;
const needsPermission = (r: AnyRoute) => typeof r.access === 'object' && !isCompanyBound(r);

/** What a path param is filled with for a tenant: its rows of that kind (all, or the first), its invitation tokens, or a fixed value. */
function paramValues(t: Tenant, kind: ParamKind, searchText: string, all: boolean): Array<string | number> {
  if (kind === 'partnerType') return all ? ['client', 'subcontractor'] : ['client'];
  if (kind === 'searchText') return [searchText];
  if (kind === 'projectFileType') return all ? ['contract', 'workOrder', 'other'] : ['contract'];
  if (kind === 'paidStatus') return all ? ['paid', 'partially_paid'] : ['paid'];
  if (kind === 'damageFileCategory') return all ? ['files', 'proof'] : ['files'];
  if (kind === 'widgetType') return all ? ['kpi', 'map', 'attention'] : ['kpi'];
  if (kind === 'reportFormat') return all ? ['xlsx', 'pdf'] : ['xlsx'];
  const values = TOKEN_KINDS.has(kind) ? t.tokens[kind as TokenKind] : t.ids[kind as IdKind];
  return all ? values : values.slice(0, 1);
}

/** Every combination of values for the params of a URL, one request each. */
function fillings(url: string, values: (kind: ParamKind) => Array<string | number>): string[] {
  let urls = [url];
  for (const param of paramsOf(url)) {
    const kind = paramKind(url, param)!;
    urls = urls.flatMap((u) => values(kind).map((v) => u.replace(`:${param}`, encodeURIComponent(String(v)))));
  }
  return urls;
}

/**
 * The routes the sweep sends: each path param names a known kind of row and a body is at hand where
 * one is sent. A public route that names no row (sign-up, login, password reset) carries neither a
 * session nor an id to swap. What cannot be placed is reported as what to add.
 */
function placeRoutes(candidates: AnyRoute[], problems: string[]): AnyRoute[] {
  return candidates.filter((route) => {
    const key = keyOf(route);
    if (OPEN_BY_DESIGN[key]) return false;
    const unknown = paramsOf(route.url).find((p) => !paramKind(route.url, p));
    if (unknown) {
      problems.push(`add a mapping for ${key}: param ${unknown} names no known kind of row (PARAM_KINDS, ID_BY_ROOT or TOKEN_BY_ROOT)`);
      return false;
    }
    bodyReferences(route, problems);
    const namesRows = paramsOf(route.url).some((p) => !VALUE_KINDS.has(paramKind(route.url, p)!));
    if (route.access === 'public' && !namesRows) return false;
    if (needsBody(route) && !BODIES[key]) {
      problems.push(`add a body for ${key} (BODIES): the sweep sends valid bodies`);
      return false;
    }
    return true;
  });
}

async function send(s: TestServer, route: AnyRoute, url: string, caller: Caller, payload: Payload | null, named: Tenant, headers = caller.headers) {
  const opts: { token: string; headers: Record<string, string>; body?: unknown } = { token: caller.token, headers: { ...headers } };
  if (payload && 'json' in payload) opts.body = payload.json;
  if (payload && 'multipart' in payload) {
    opts.body = payload.multipart.body;
    Object.assign(opts.headers, payload.multipart.headers);
  }
  const query = QUERIES[keyOf(route)]?.(named);
  return s.call(route.method, `${API}${url}${query ? `?${query}` : ''}`, opts);
}

const excerpt = (body: unknown) => JSON.stringify(body).slice(0, 240);

describeEachDatabase("tenant isolation: every route, with another company's ids", (server) => {
  it("refuses every route another company's ids, shows none of its rows and changes none of them", { timeout: 60_000 }, async () => {
    const s = server();
    const a = await seedTenant(s, 'Zqalpha');
    const b = await seedTenant(s, 'Zqbravo');
    const problems: string[] = [];
    let n = 0;
    const showsA = (body: unknown) => JSON.stringify(body ?? '').toLowerCase().includes(a.marker.toLowerCase());
    const tables = await scopedTables(s, a.scope, problems);
    let before = await snapshot(s, tables);

    /** After each route: A's rows as they were; a change is reported once and becomes the new baseline. */
    const checkUnchanged = async (what: string) => {
      const after = await snapshot(s, tables);
      const diff = changes(before, after);
      if (diff.length) problems.push(`${what} changed company A's rows: ${diff.join('; ')}`);
      before = after;
    };

    const routes = placeRoutes(allRoutes, problems);
    const bodyFor = (route: AnyRoute, t: Tenant): Payload | null => (needsBody(route) ? BODIES[keyOf(route)]!(t, ++n) : null);

    // 1. A's rows named in the path: refused, whoever of B asks.
    for (const route of routes) {
      const kinds = paramsOf(route.url).map((p) => paramKind(route.url, p)!);
      if (kinds.every((k) => VALUE_KINDS.has(k))) continue;
      const hasToken = kinds.some((k) => TOKEN_KINDS.has(k));
      for (const url of fillings(route.url, (kind) => paramValues(a, kind, a.marker, true))) {
        for (const caller of [b.owner, b.member]) {
          const res = await send(s, route, url, caller, bodyFor(route, a), a);
          const refused =
            res.status === 404 ||
            (hasToken && res.status === 400 && res.body?.error?.code === 'INVALID_INVITATION') ||
            (hasToken && res.status === 410 && res.body?.error?.code === 'LINK_USED') ||
            (caller === b.member && needsPermission(route) && res.status === 403);
          if (!refused) problems.push(`${keyOf(route)} as ${caller.name} with ${url}: expected a refusal (404), got ${res.status} ${excerpt(res.body)}`);
          if (showsA(res.body)) problems.push(`${keyOf(route)} as ${caller.name} with ${url}: the answer shows company A's data`);
        }
      }
      await checkUnchanged(keyOf(route));
    }

    // 2. Every read of B's own rows and lists (searches for A's names included): none of A's rows in the answer.
    for (const route of routes) {
      if (route.method !== 'GET' || NOT_LISTED[keyOf(route)]) continue;
      for (const url of fillings(route.url, (kind) => paramValues(b, kind, a.marker, true))) {
        for (const caller of [b.owner, b.member]) {
          const res = await send(s, route, url, caller, null, b);
          if (res.status >= 500) problems.push(`${keyOf(route)} as ${caller.name} with ${url}: ${res.status}`);
          if (showsA(res.body)) problems.push(`${keyOf(route)} as ${caller.name} with ${url}: the answer shows company A's data: ${excerpt(res.body)}`);
        }
      }
      await checkUnchanged(`${keyOf(route)} (B's own)`);
    }

    // 3. A's ids in a body's id fields, B's everywhere else: refused, while the same body with B's ids succeeds.
    // Deletes come last, so the controls before them still find B's rows.
    const deletesLast = [...routes].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of deletesLast) {
      const key = keyOf(route);
      const refs = bodyReferences(route, []);
      if (!refs.length) continue;
      const [url] = fillings(route.url, (kind) => paramValues(b, kind, a.marker, false));
      for (const { field, kind } of refs) {
        for (const foreign of a.ids[kind]) {
          const payload = bodyFor(route, b) as { json: Record<string, unknown> };
          const second = SECOND_SHAPES[key]?.(b, ++n) as { json: Record<string, unknown> } | undefined;
          const foreignBody = swapped(payload.json, field, foreign) ?? (second ? swapped(second.json, field, foreign) : null);
          if (!foreignBody) {
            problems.push(`the body for ${key} (BODIES) must send ${field}, so the sweep can swap in another company's id`);
            break;
          }
          const res = await send(s, route, url!, b.owner, { json: foreignBody }, b);
          if (![400, 404].includes(res.status)) problems.push(`${key} with company A's ${kind} ${foreign} in ${field}: expected 400 or 404, got ${res.status} ${excerpt(res.body)}`);
          if (showsA(res.body)) problems.push(`${key} with company A's ${kind} in ${field}: the answer shows company A's data`);
        }
      }
      for (const body of [bodyFor(route, b), SECOND_SHAPES[key]?.(b, ++n)]) {
        if (!body) continue;
        const control = await send(s, route, url!, b.owner, body, b);
        if (control.status >= 300) problems.push(`${key}: the control with company B's own ids failed (${control.status} ${excerpt(control.body)}), so its refusals prove nothing`);
      }
      await checkUnchanged(`${key} (ids in the body)`);
    }

    // 4. B's own rows, but acting in A through X-Company-Id: refused before anything happens. Account
    // routes act in no company: they ignore a header naming one the caller is not in (the tab falls
    // back to the default company), so for them only the answer and A's rows are checked.
    for (const route of routes) {
      if (route.access === 'public') continue;
      const [url] = fillings(route.url, (kind) => paramValues(b, kind, a.marker, false));
      const res = await send(s, route, url!, b.owner, bodyFor(route, b), b, { 'x-company-id': String(a.companyId) });
      if (res.status < 400 && route.access !== 'user') problems.push(`${keyOf(route)} as ${b.owner.name} with X-Company-Id of company A: expected a refusal, got ${res.status}`);
      if (showsA(res.body)) problems.push(`${keyOf(route)} with X-Company-Id of company A: the answer shows company A's data`);
    }
    await checkUnchanged('X-Company-Id of company A');

    expect(problems).toEqual([]);
  });
});

describe('tenant isolation: a route the sweep cannot place fails it', () => {
  it('names what to add for an unknown path param, a missing body and an unmapped body id field', () => {
    const route = (method: 'GET' | 'POST', url: string, body?: z.ZodType) =>
      ({ method, url, access: { permission: 'projects:view' }, summary: '', tags: [], body, handler: async () => undefined }) as AnyRoute;
    const problems: string[] = [];
    const placed = placeRoutes(
      [
        route('GET', '/widgets/:id'),
        route('POST', '/companies/:companyId/widgets', z.object({ name: z.string() })),
        route('POST', '/crews/:id/widgets', z.object({ gadgetId: z.number(), budgetCents: z.number() })),
        route('GET', '/crews/:id'),
      ],
      problems,
    );
    expect(placed.map(keyOf)).toEqual(['GET /crews/:id']);
    expect(problems).toEqual([
      'add a mapping for GET /widgets/:id: param id names no known kind of row (PARAM_KINDS, ID_BY_ROOT or TOKEN_BY_ROOT)',
      'add a body for POST /companies/:companyId/widgets (BODIES): the sweep sends valid bodies',
      'add a body mapping for POST /crews/:id/widgets field gadgetId (BODY_REFERENCES, or NOT_REFERENCES with why)',
      'add a body mapping for POST /crews/:id/widgets field budgetCents (BODY_REFERENCES, or NOT_REFERENCES with why)',
      'add a body for POST /crews/:id/widgets (BODIES): the sweep sends valid bodies',
    ]);
  });
});
