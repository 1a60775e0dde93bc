import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import type { RoleName } from '../../../permissions';
import { resetGeocodingOff } from '../../../src/forms/address-search';
import { MobileApp } from '../../../src/mobile/MobileApp';
import { outbox } from '../../../src/offline/outbox';
import { OfflineStore, READS } from '../../../src/offline/store';
import { fakeToken, fakeUser } from '../fixtures';
import { emptyOutbox } from './outbox-fixtures';
import { makeProject } from '../projects-fixtures';

export const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

/** The phone client at `path` (under /app-mobile), signed in. */
export function renderMobile(path: string) {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  resetGeocodingOff();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MobileApp />
    </MemoryRouter>,
  );
}

/** The session and the member's two projects; no geocoder unless a test sets one. */
export function sessionHandlers(role: RoleName) {
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' }), makeProject(2, { projectName: 'Airport Utilities', code: 'APU-2' })];
  return [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(role) })),
    http.get('/api/v1/projects', ({ request }) => {
      const near = new URL(request.url).searchParams.get('near');
      const rows = near ? [{ ...projects[1]!, distanceKm: 0.4 }, { ...projects[0]!, distanceKm: 12.3 }] : projects;
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/geocode/*', () => HttpResponse.json({ error: { statusCode: 503, code: 'GEOCODING_OFF', message: 'off' } }, { status: 503 })),
  ];
}

/** A stubbed navigator.geolocation answering with one position. */
export function stubGeolocation(at: { lat: number; lng: number; accuracy: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: at.lat, longitude: at.lng, accuracy: at.accuracy }, timestamp: Date.now() } as GeolocationPosition));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** The phone without a connection: the outbox holds what is saved. */
export function goOffline() {
  return vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

const kept = new OfflineStore('fieldwork-outbox');

/** Each test starts with an empty outbox (it is the app's one, in the fake IndexedDB) and no kept reads. */
export async function emptyPhone() {
  await outbox.flush();
  await emptyOutbox();
  for (const read of await kept.all<{ id: string }>(READS)) await kept.delete(READS, read.id);
}
