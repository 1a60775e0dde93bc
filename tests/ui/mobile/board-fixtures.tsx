import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import type { RoleName } from '../../../permissions';
import { MobileApp } from '../../../src/mobile/MobileApp';
import { fakeToken, fakeUser } from '../fixtures';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The phone client at a path under /app-mobile/, signed in; the network is the test's msw handlers. */
export function renderMobile(path: string) {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MobileApp />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/** GET /users/me for a person holding `role` in company 7, and the calls every screen of the shell makes. */
export const sessionHandlers = (role: RoleName) => [http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(role) }))];

export const list = <T,>(rows: T[]) => HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });

/** Every call fails as a lost connection does. */
export const offline = () => http.all('/api/v1/*', () => HttpResponse.error());

/** window.location.replace, recorded instead of leaving the page; undo with the returned function. */
export function catchLeaving() {
  const original = Object.getOwnPropertyDescriptor(window, 'location')!;
  const replace = vi.fn();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, replace } });
  return { replace, restore: () => Object.defineProperty(window, 'location', original) };
}
