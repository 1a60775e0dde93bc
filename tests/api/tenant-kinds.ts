import type { RouteDef } from '../../server/http/route.js';

/**
 * The vocabulary of the route sweeps (tenant isolation, permissions): the kinds of row a path param or
 * a body field names, and the tenant a sweep seeds (tenant-seed.ts) with one row of each kind.
 */

export const API = '/api/v1';

export type IdKind =
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
  | 'apiToken'
  | 'webhook'
  | 'webhookDelivery'
  | 'planFile'
  | 'layerItem'
  | 'producedLayerItem';
/**
 * Invitation tokens, the two halves of an external budget review link (the budget's public hash, the
 * review's token), and a public dashboard's URL (one revoked: dead for good).
 */
export type TokenKind = 'memberInvitation' | 'partnerInvitation' | 'budgetLink' | 'reviewLink' | 'invoiceLink' | 'changeOrderLink' | 'dashboardLink';
type ValueKind = 'partnerType' | 'searchText' | 'projectFileType' | 'paidStatus' | 'damageFileCategory' | 'widgetType' | 'reportFormat' | 'importTemplate';
export type ParamKind = IdKind | TokenKind | ValueKind;

export interface Caller {
  name: string;
  token: string;
  headers: Record<string, string>;
}

export interface Tenant {
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
  /** The unit prices its budget items, change orders and damages were seeded with. */
  prices: TenantPrices;
}

export interface TenantPrices {
  /** The approved budget's item (quantity 10), which productions (1.5, 2 and 2), the task (2.5) and change orders (12, 14) count. */
  unit: string;
  changeOrder: string;
  /** The draft budget's item (quantity 3). */
  draft: string;
  damage: string;
}

export type RouteKey = string;
export const keyOf = (r: AnyRoute): RouteKey => `${r.method} ${r.url}`;
export const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
export const literals = (url: string) => url.split('/').filter((s) => s && !s.startsWith(':'));

export type AnyRoute = RouteDef<any, any, any>;
export const first = (t: Tenant, kind: IdKind) => t.ids[kind][0]!;
