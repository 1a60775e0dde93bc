import { acceptedMemberships, type Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { UpdateProfileBody } from '../../../resources/user.js';
import { checkEmailChange, issueEmailChange, sendEmailChangeMails } from './email-change.js';
import { sealSensitive } from './sensitive-fields.js';
import { updateUser, type UserPatch } from './user-update.js';
import type { UserSettings } from '../../../resources/user-view.js';
import { ownView, userView } from './user-view.js';

const mergeSettings = (current: string, change: UserSettings) => JSON.stringify({ ...parseJson<UserSettings>(current, {}), ...change });

type ProfileChange = Omit<UpdateProfileBody, 'email' | 'currentPassword'>;

/** The profile form's camelCase fields as columns; absent fields stay undefined and are left alone. */
function profilePatch({ settings, ...f }: ProfileChange, currentSettings: string): UserPatch {
  return {
    name: f.name,
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

/**
 * Saves the profile fields at once; a new e-mail only after its confirmation link is opened
 * (email-change.ts), so the answer then names it as pendingEmail.
 */
export async function updateProfile(services: Services, actor: Actor, { email, currentPassword, ...change }: UpdateProfileBody) {
  const newEmail = email !== undefined && email !== actor.user.email ? email : null;
  if (newEmail) await checkEmailChange(services, actor, newEmail, currentPassword);
  const changes = Object.keys(change).length > 0;
  const { user } = await services.db.transaction().execute(async (trx) => {
    const user = changes
      ? await updateUser(trx, actor.user.id, 'profile_updated', (current) => sealSensitive(services.fieldCipher, current.id, profilePatch(change, current.settings)))
      : actor.user;
    if (newEmail) await sendEmailChangeMails(trx, services, user, newEmail, await issueEmailChange(trx, user.id, newEmail));
    return { user };
  });
  return { user: await ownView(services.db, services.fieldCipher, user), ...(newEmail ? { pendingEmail: newEmail } : {}) };
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
