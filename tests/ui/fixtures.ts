import { DEFAULT_ROLE_PERMISSIONS, type RoleName } from '../../permissions';
import type { SessionUser } from '../../src/session/types';

/** A token the client reads as valid (or expired): only its payload's exp matters to the client. */
export function fakeToken(expiresInSeconds = 3600): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', sid: 's', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

/** A user as GET /users/me answers it, holding `role` in one company (or no membership when role is null). */
export function fakeUser(role: RoleName | null, overrides: Partial<SessionUser> = {}): SessionUser {
  const memberships = role
    ? [
        {
          id: 10,
          name: 'Dana Field',
          email: 'dana@example.com',
          phone: null,
          country: 'US',
          state: 'TX',
          status: 'accepted',
          type: 'company',
          roleId: 3,
          companyId: 7,
          projectId: null,
          inCrew: false,
          notificationSettings: { Reports: true, Delays: true, Others: true },
          role: { id: 3, name: role, permissions: DEFAULT_ROLE_PERMISSIONS[role] },
          company: { id: 7, name: 'Acme Paving', logoUrl: null, plan: 'free', parentId: null, timezone: 'America/Chicago', roles: { '3': role } },
        },
      ]
    : [];
  return {
    id: 1,
    name: 'Dana Field',
    email: 'dana@example.com',
    phone: '+1 555 123 4567',
    birthday: null,
    address: null,
    country: null,
    state: null,
    city: null,
    zip: null,
    ssn: null,
    driversLicense: null,
    cdl: null,
    emergencyContactName: null,
    emergencyContactPhone: null,
    avatarId: null,
    avatarUrl: null,
    settings: { defaultCompanyId: role ? 7 : null },
    shortcuts: [],
    views: [],
    memberships,
    guest: false,
    roles: ['Platform/Member', ...(role ? [`7/${role}`] : [])],
    company: memberships[0]?.company ?? null,
    role: role,
    inCrew: false,
    selfPermissions: ['self:companies:create', 'self:companies:view'],
    permissions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as SessionUser;
}

export const company = {
  id: 7,
  ein: '12-3456789',
  name: 'Acme Paving',
  address: '100 Main Street',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  contactName: 'Dana Field',
  contactPhone: '+1 512 555 0100',
  contactEmail: 'office@acme.example',
  parentId: null,
  timezone: 'America/Chicago',
  logoUrl: null,
  plan: 'free',
  role: 'Owner',
  createdAt: '2026-01-01T00:00:00.000Z',
};
