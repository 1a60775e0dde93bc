import { afterLogin, homeFor, routeAccess } from '../../../permissions/index.js';
import { defaultRole, OWNER } from './profiles.js';

/** A build that has only some of the spec's screens: nobody may be sent to one it lacks. */
const only = (...ids: string[]) => (id: string) => ids.includes(id);

describe('landing among the screens a build has', () => {
  it('keeps the spec home when its screen exists', () => {
    expect(homeFor(OWNER, only('dashboard'))).toBe('dashboard');
    expect(homeFor(defaultRole('Member'), only('productions'))).toBe('productions');
  });

  it("takes the first screen of the person's navigation when the spec home is missing", () => {
    const supervisor = defaultRole('Supervisor');
    expect(homeFor(supervisor)).toBe('dashboard');
    expect(homeFor(supervisor, only('projects', 'tasks'))).toBe('projects');
    expect(homeFor(supervisor, only('task-types', 'damage-types'))).toBe('task-types');
  });

  it('falls back to the calendar, then to the profile everyone may open', () => {
    expect(homeFor(defaultRole('Member'), only('calendar'))).toBe('calendar');
    expect(homeFor(defaultRole('Member'), only())).toBe('profile');
  });

  it('sends a plain member denied the dashboard to productions only when that screen exists', () => {
    const plain = defaultRole('Member');
    expect(routeAccess('dashboard', plain)).toEqual({ allowed: false, redirect: 'productions' });
    expect(routeAccess('dashboard', plain, only())).toEqual({ allowed: false, redirect: 'profile' });
  });

  it('lands after login on an existing screen', () => {
    expect(afterLogin(null, defaultRole('Claims'), only('damage-types'))).toEqual({ kind: 'navigate', path: 'damage-types' });
  });
});
