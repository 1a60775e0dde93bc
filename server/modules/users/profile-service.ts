import { acceptedMemberships, type Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { UpdateProfileBody } from '../../../resources/user.js';
import { updateUser, type UserPatch } from './user-update.js';
import type { UserSettings } from '../../../resources/user-view.js';
import { userView } from './user-view.js';

const mergeSettings = (current: string, change: UserSettings) => JSON.stringify({ ...parseJson<UserSettings>(current, {}), ...change });

/** The profile form's camelCase fields as columns; absent fields stay undefined and are left alone. */
function profilePatch({ settings, ...f }: UpdateProfileBody, currentSettings: string): UserPatch {
  return {
    name: f.name,
    email: f.email,
    phone: f.phone,
    birthday: f.birthday,
    address: f.address,
    country: f.country,
    state: f.state,
    city: f.city,
    zip: f.zip,
    ssn: f.ssn,
    drivers_license: f.driversLicense,
    cdl: f.cdl,
    emergency_contact_name: f.emergencyContactName,
    emergency_contact_phone: f.emergencyContactPhone,
    settings: settings ? mergeSettings(currentSettings, settings) : undefined,
  };
}

export function updateProfile(services: Services, actor: Actor, body: UpdateProfileBody) {
  return services.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, actor.user.id, 'profile_updated', (current) => profilePatch(body, current.settings));
    return { user: await userView(trx, user) };
  });
}

/** Only a company the user is an accepted member of, and that still exists, can be the default. */
export function chooseDefaultCompany(services: Services, actor: Actor, companyId: number) {
  return services.db.transaction().execute(async (trx) => {
    const memberships = await acceptedMemberships(trx, actor.user.id);
    if (!memberships.some((m) => m.company_id === companyId)) throw notFound('Company');
    const user = await updateUser(trx, actor.user.id, 'default_company_set', (current) => ({
      settings: mergeSettings(current.settings, { defaultCompanyId: companyId }),
    }));
    return { user: await userView(trx, user) };
  });
}

export function saveShortcuts(services: Services, actor: Actor, shortcuts: string[]) {
  return services.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, actor.user.id, 'shortcuts_set', () => ({ shortcuts: JSON.stringify([...new Set(shortcuts)]) }));
    return { user: await userView(trx, user) };
  });
}
