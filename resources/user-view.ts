import type { RolePermission } from '../permissions/index.js';

/**
 * The user object every account call answers with (spec 01 §3 User): the server builds it
 * (server/modules/users/user-view.ts) and the client's session holds it.
 */

/** What `users.settings` holds; `defaultCompanyId` picks the company a new session starts in. */
export interface UserSettings {
  defaultCompanyId?: number | null;
  layout?: Record<string, unknown>;
  theme?: string;
  images?: unknown[];
  /** The quick panel's three settings (resources/quick-panel.ts). */
  quickSettings?: Record<string, boolean>;
}

/** A saved grid view: `type` names the grid, `filters` its filters, sort and visible columns. */
export interface SavedView {
  id: number;
  type: string;
  name: string;
  filters: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface UserCompany {
  id: number;
  name: string;
  logoUrl: string | null;
  plan: string;
  parentId: number | null;
  /** IANA zone: where the company's own dates (its trail, say) show. */
  timezone: string;
  /** Role id to role name, of every role of the company. */
  roles: Record<string, string>;
}

/** One accepted membership, with its role and company. */
export interface UserMembership {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  state: string | null;
  status: string;
  type: string;
  roleId: number;
  companyId: number;
  projectId: number | null;
  inCrew: boolean;
  /** Which notifications the member gets: Reports, Delays, Others (all on unless turned off). */
  notificationSettings: Record<string, boolean>;
  role: { id: number; name: string; permissions: RolePermission[] };
  company: UserCompany;
}

export interface UserView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  birthday: string | null;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  cdl: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  avatarId: number | null;
  avatarUrl: string | null;
  settings: UserSettings & { defaultCompanyId: number | null };
  /** The company this request acts in (the tab's X-Company-Id, else the default): `company`, `role` and `permissions` are of it. */
  activeCompanyId: number | null;
  shortcuts: string[];
  views: SavedView[];
  memberships: UserMembership[];
  guest: boolean;
  /** `Platform/Member` and `{companyId}/{role name}` of each membership. */
  roles: string[];
  /** The active company (see activeCompanyId). */
  company: UserCompany | null;
  role: string | null;
  inCrew: boolean;
  selfPermissions: string[];
  /** The user's own strings and those of the active company's role. */
  permissions: string[];
  createdAt: string;
}

/**
 * The user reading themselves (GET and PATCH /users/me): the user object with the SSN and driver's
 * licence masked (`***-**-1234`, `****4567`); the whole values only through /users/me/sensitive.
 */
export interface OwnUserView extends UserView {
  ssn: string | null;
  driversLicense: string | null;
}
