import { homeFor, navigationFor, type AccessProfile } from '../../../permissions';
import { appBase } from '../../routing/app-base';
import { isAvailable } from '../../shell/available-screens';

/**
 * Where a person who just joined a company starts: their home screen when this build has it, else
 * the first screen their navigation offers, else the page of the company they joined. A full page
 * load, so the session starts over in the new company.
 */
export function openApp(profile: AccessProfile, companyId: number): void {
  const nav = navigationFor(profile, isAvailable);
  const urls = [...nav.top, ...nav.groups.flatMap((g) => g.items)].map((i) => i.url);
  const home = homeFor(profile);
  window.location.assign(`${appBase()}/${urls.includes(home) ? home : (urls[0] ?? `companies/${companyId}`)}`);
}
