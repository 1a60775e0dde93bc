import type { TestServer } from './harness.js';
import { BODIES, needsBody, type Payload } from './tenant-bodies.js';
import { API, first, keyOf, literals, paramsOf, type AnyRoute, type Caller, type IdKind, type ParamKind, type RouteKey, type Tenant, type TokenKind } from './tenant-kinds.js';

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
  // DELETE /companies/:id/api-tokens/:tokenId: an API token of the company.
  tokenId: 'apiToken',
  // /companies/:id/webhooks/:webhookId[/deliveries/:deliveryId/resend]: an endpoint of the company and one of its deliveries.
  webhookId: 'webhook',
  deliveryId: 'webhookDelivery',
  // The public variants of a dashboard are addressed by its public URL.
  publicURL: 'dashboardLink',
  // GET /reports/:name/download/:format; a report's rows are named in its query (tests/api/reports-*.test.ts sweep another company's ids there).
  format: 'reportFormat',
  // GET /imports/templates/:kind: an import's template, the same for every company.
  kind: 'importTemplate',
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
export const VALUE_KINDS = new Set<ParamKind>(['partnerType', 'searchText', 'projectFileType', 'paidStatus', 'damageFileCategory', 'widgetType', 'reportFormat', 'importTemplate']);
export const TOKEN_KINDS = new Set<ParamKind>(['memberInvitation', 'partnerInvitation', 'budgetLink', 'reviewLink', 'invoiceLink', 'changeOrderLink', 'dashboardLink']);

/**
 * The routes that change a budget's items name a project whose budget is still a draft: the other
 * budget routes (change orders, reviews) need an approved one, and the controls must pass.
 */
const DRAFT_BUDGET_URL = /^\/projects\/:id\/budgets\/:budgetId\/items(\/multiple|\/:budgetItemId)?$/;
const DRAFT_KINDS: Record<string, IdKind> = { id: 'draftProject', budgetId: 'draftBudget', budgetItemId: 'draftBudgetItem' };

export function paramKind(url: string, param: string): ParamKind | undefined {
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
/**
 * Company params that filter a list rather than name a row to open: a company the active one shares
 * nothing with selects none of its rows, an empty list (nothing of it shown, and no sign whether it
 * exists). The mixed-path pass takes that empty list for a refusal.
 */
export const FILTER_PARAMS: Record<RouteKey, string> = {
  'GET /projects/:clientId/:subcontractorId': 'the projects one of the two (the active company) runs for the other',
  'GET /projects/:id/sub-projects/:companyId': "a project's sub-projects run by that company (0: any)",
  'GET /projects/:id/item-categories/:companyId/all': "the categories of that company's items (0: any)",
  'GET /projects/:id/item-categories/:companyId/skip': "the categories of that company's items (0: any)",
};
/** Routes the list pass leaves out, with why. */
export const NOT_LISTED: Record<RouteKey, string> = {
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
export function swapped(body: Record<string, unknown>, field: string, foreign: number): Record<string, unknown> | null {
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
export function bodyReferences(route: AnyRoute, problems: string[]): Array<{ field: string; kind: IdKind }> {
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


// ---- Filling and sending a route -----------------------------------------------------------------

const isCompanyBound = (r: AnyRoute) => typeof r.access === 'object' && 'company' in r.access && !!r.access.company;
export const needsPermission = (r: AnyRoute) => typeof r.access === 'object' && !isCompanyBound(r);

/** What a path param is filled with for a tenant: its rows of that kind (all, or the first), its invitation tokens, or a fixed value. */
export function paramValues(t: Tenant, kind: ParamKind, searchText: string, all: boolean): Array<string | number> {
  if (kind === 'partnerType') return all ? ['client', 'subcontractor'] : ['client'];
  if (kind === 'searchText') return [searchText];
  if (kind === 'projectFileType') return all ? ['contract', 'workOrder', 'other'] : ['contract'];
  if (kind === 'paidStatus') return all ? ['paid', 'partially_paid'] : ['paid'];
  if (kind === 'damageFileCategory') return all ? ['files', 'proof'] : ['files'];
  if (kind === 'widgetType') return all ? ['kpi', 'map', 'attention'] : ['kpi'];
  if (kind === 'reportFormat') return all ? ['xlsx', 'pdf'] : ['xlsx'];
  if (kind === 'importTemplate') return all ? ['budget-items', 'items'] : ['items'];
  const values = TOKEN_KINDS.has(kind) ? t.tokens[kind as TokenKind] : t.ids[kind as IdKind];
  return all ? values : values.slice(0, 1);
}

/** Every combination of values for the params of a URL, one request each. */
export function fillings(url: string, values: (kind: ParamKind) => Array<string | number>): string[] {
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
 * session nor an id to swap. What cannot be placed is reported as what to add. Routes open to
 * other companies by design are left out, unless asked for (the permission sweep checks them too).
 */
export function placeRoutes(candidates: AnyRoute[], problems: string[], { openByDesign = false } = {}): AnyRoute[] {
  return candidates.filter((route) => {
    const key = keyOf(route);
    if (OPEN_BY_DESIGN[key] && !openByDesign) return false;
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

export async function send(s: TestServer, route: AnyRoute, url: string, caller: Caller, payload: Payload | null, named: Tenant, headers = caller.headers) {
  const opts: { token: string; headers: Record<string, string>; body?: unknown } = { token: caller.token, headers: { ...headers } };
  if (payload && 'json' in payload) opts.body = payload.json;
  if (payload && 'multipart' in payload) {
    opts.body = payload.multipart.body;
    Object.assign(opts.headers, payload.multipart.headers);
  }
  const query = QUERIES[keyOf(route)]?.(named);
  return s.call(route.method, `${API}${url}${query ? `?${query}` : ''}`, opts);
}

export const excerpt = (body: unknown) => JSON.stringify(body).slice(0, 240);
