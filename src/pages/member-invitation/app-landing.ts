import { homeFor, type AccessProfile } from '../../../permissions';
import { appBase } from '../../routing/app-base';
import { isAvailable } from '../../shell/available-screens';

/**
 * Where a person who just joined a company starts: their home screen among those this build has.
 * A full page load, so the session starts over in the new company.
 */
export function openApp(profile: AccessProfile): void {
  window.location.assign(`${appBase()}/${homeFor(profile, isAvailable)}`);
}
