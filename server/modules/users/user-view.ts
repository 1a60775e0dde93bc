import { permissionStrings, type RolePermission } from '../../../permissions/index.js';
import type { OwnUserView, UserMembership, UserSettings, UserView } from '../../../resources/user-view.js';
import type { Executor } from '../../db/index.js';
import type { UserRow } from '../../http/actor.js';
import type { FieldCipher } from '../../lib/field-cipher.js';
import { parseJson } from '../../lib/json.js';
import { maskedSensitive } from './sensitive-fields.js';
import { toView } from './views-service.js';

/**
 * The user object every account call answers with (spec 01 §3 User), without the SSN and driver's
 * licence, which only ownView carries, masked. The active company (company, role, permissions) is
 * the one the request acts in when given (the tab's X-Company-Id), else the default company when it
 * is one of the memberships, else the first membership.
 */
export async function userView(db: Executor, user: UserRow, activeCompanyId?: number): Promise<UserView> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'm.id',
      'm.name',
      'm.email',
      'm.phone',
      'm.country',
      'm.state',
      'm.status',
      'm.type',
      'm.role_id',
      'm.company_id',
      'm.project_id',
      'm.notify_reports',
      'm.notify_delays',
      'm.notify_others',
      'm.notify_email',
      'r.name as role_name',
      'r.permissions as role_permissions',
      'c.name as company_name',
      'c.logo_url as company_logo_url',
      'c.plan as company_plan',
      'c.parent_id as company_parent_id',
      'c.timezone as company_timezone',
    ])
    .where('m.user_id', '=', user.id)
    .where('m.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null)
    .orderBy('m.id')
    .execute();

  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const roleRows = companyIds.length
    ? await db
        .selectFrom('roles')
        .select(['id', 'name', 'scope_id'])
        .where('scope_type', '=', 'company')
        .where('scope_id', 'in', companyIds)
        .execute()
    : [];
  const roleMaps = new Map<number, Record<string, string>>();
  for (const r of roleRows) {
    const map = roleMaps.get(r.scope_id) ?? {};
    map[String(r.id)] = r.name;
    roleMaps.set(r.scope_id, map);
  }
  const memberIds = rows.map((r) => r.id);
  const crewRows = memberIds.length
    ? await db.selectFrom('crew_members').select('membership_id').where('membership_id', 'in', memberIds).execute()
    : [];
  const inCrews = new Set(crewRows.map((r) => r.membership_id));

  const memberships = rows.map((r): UserMembership => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    country: r.country,
    state: r.state,
    status: r.status,
    type: r.type,
    roleId: r.role_id,
    companyId: r.company_id,
    projectId: r.project_id,
    inCrew: inCrews.has(r.id),
    notificationSettings: { Reports: !!r.notify_reports, Delays: !!r.notify_delays, Others: !!r.notify_others, Email: !!r.notify_email },
    role: { id: r.role_id, name: r.role_name, permissions: parseJson<RolePermission[]>(r.role_permissions, []) },
    company: {
      id: r.company_id,
      name: r.company_name,
      logoUrl: r.company_logo_url,
      plan: r.company_plan,
      parentId: r.company_parent_id,
      timezone: r.company_timezone,
      roles: roleMaps.get(r.company_id) ?? {},
    },
  }));

  const settings = parseJson<UserSettings>(user.settings, {});
  const byDefault = memberships.find((m) => m.companyId === settings.defaultCompanyId) ?? memberships[0] ?? null;
  const active = memberships.find((m) => m.companyId === activeCompanyId) ?? byDefault;
  const selfPermissions = parseJson<string[]>(user.permissions, []);
  const views = await db
    .selectFrom('user_views')
    .select(['id', 'type', 'name', 'filters', 'created_at', 'updated_at'])
    .where('user_id', '=', user.id)
    .orderBy('type')
    .orderBy('name')
    .execute();

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    birthday: user.birthday,
    address: user.address,
    country: user.country,
    state: user.state,
    city: user.city,
    zip: user.zip,
    cdl: user.cdl,
    emergencyContactName: user.emergency_contact_name,
    emergencyContactPhone: user.emergency_contact_phone,
    avatarId: user.avatar_id,
    avatarUrl: user.avatar_url,
    settings: { ...settings, defaultCompanyId: byDefault?.companyId ?? null },
    activeCompanyId: active?.companyId ?? null,
    shortcuts: parseJson<string[]>(user.shortcuts, []),
    views: views.map(toView),
    memberships,
    guest: false,
    roles: ['Platform/Member', ...memberships.map((m) => `${m.companyId}/${m.role.name}`)],
    company: active?.company ?? null,
    role: active?.role.name ?? null,
    inCrew: active?.inCrew ?? false,
    selfPermissions,
    permissions: [...selfPermissions, ...(active ? permissionStrings(active.role.permissions) : [])],
    createdAt: user.created_at,
  };
}

/** The user reading themselves (GET and PATCH /users/me): the user object with SSN and driver's licence masked. */
export async function ownView(db: Executor, cipher: FieldCipher, user: UserRow, activeCompanyId?: number): Promise<OwnUserView> {
  return { ...(await userView(db, user, activeCompanyId)), ...maskedSensitive(cipher, user) };
}
