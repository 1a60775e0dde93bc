import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { resetGeocodingOff } from '../../src/forms/address-search';
import { fakeToken } from './fixtures';
import { fieldStore } from './logs-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = fieldStore();
const server = setupServer();

/** A stubbed navigator.geolocation answering with `outcome` (a position, or an error code). */
function stubGeolocation(outcome: { lat: number; lng: number; accuracy: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('code' in outcome) fail({ code: outcome.code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else ok({ coords: { latitude: outcome.lat, longitude: outcome.lng, accuracy: outcome.accuracy }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const start = (role: Parameters<typeof fieldStore>[0]) => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  resetGeocodingOff();
  store = fieldStore(role);
  server.use(...store.handlers);
};

describe('the daily log', () => {
  // A crew leader checks in on the phone client (tests/ui/mobile/check-in.test.tsx); the desk's card serves the others.
  it('a supervisor checks in at the desk with the position the browser gives', { timeout: 30000 }, async () => {
    start('Supervisor');
    const geo = stubGeolocation({ lat: 30.267153, lng: -97.743057, accuracy: 12 });
    const user = userEvent.setup();
    renderApp('/logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Log' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Check in' });
    // The one crew of the person is chosen already.
    await waitFor(() => expect(within(card).getByRole('combobox', { name: 'Crew' })).toHaveTextContent('North crew'));
    await user.click(within(card).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await user.type(within(card).getByRole('textbox', { name: 'What is happening' }), 'Trenching on Main');
    await user.click(within(card).getByRole('button', { name: 'Use my location' }));
    expect(geo).toHaveBeenCalled();
    expect(await within(card).findByText(/Location found: 30.26715, -97.74306 \(within 12 m\)/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(store.state.sent).toHaveLength(1));
    expect(store.state.sent[0]!.body).toMatchObject({ projectId: 1, crewId: 21, lat: 30.267153, lng: -97.743057, status: 'open', description: 'Trenching on Main' });
    expect(store.state.sent[0]!.body.dateString).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The list reloads with the new log.
    await waitFor(() => expect(store.state.logQueries.length).toBeGreaterThan(1));
  });

  it('when the location is denied the person still checks in, with a typed address', { timeout: 30000 }, async () => {
    start('Supervisor');
    stubGeolocation({ code: 1 });
    const user = userEvent.setup();
    renderApp('/logs');
    const card = await screen.findByRole('region', { name: 'Check in' });
    await user.click(within(card).getByRole('button', { name: 'Use my location' }));
    expect(await within(card).findByText(/Location permission was denied/)).toBeInTheDocument();
    await user.click(within(card).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await user.type(within(card).getByRole('combobox', { name: 'Address' }), '100 Main St, Austin');
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(store.state.sent).toHaveLength(1));
    expect(store.state.sent[0]!.body).toMatchObject({ lat: null, lng: null, address: '100 Main St, Austin' });
  });

  it('a check-in needs a project and a crew: the card says which is missing and sends nothing', { timeout: 30000 }, async () => {
    start('Owner');
    server.use(http.get('/api/v1/logs/crews', () => HttpResponse.json([{ id: 21, name: 'North crew', companyId: 7 }, { id: 22, name: 'South crew', companyId: 7 }])));
    const user = userEvent.setup();
    renderApp('/logs');
    const card = await screen.findByRole('region', { name: 'Check in' });
    await user.type(within(card).getByRole('textbox', { name: 'What is happening' }), 'Milling');
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    expect(await within(card).findByText('Choose a project')).toBeInTheDocument();
    expect(within(card).getByText('Choose a crew')).toBeInTheDocument();
    // Two crews: nothing is chosen for the person, and there is no "no crew" choice.
    await user.click(within(card).getByRole('combobox', { name: /Crew/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['North crew', 'South crew']);
    await user.keyboard('{Escape}');
    expect(store.state.sent).toHaveLength(0);
  });

  it('a person in no crew is told so, and cannot send a check-in that would be refused', { timeout: 30000 }, async () => {
    start('Supervisor');
    server.use(http.get('/api/v1/logs/crews', () => HttpResponse.json([])));
    renderApp('/logs');
    const card = await screen.findByRole('region', { name: 'Check in' });
    expect(await within(card).findByText(/You are in no crew to check in with/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(store.state.sent).toHaveLength(0);
  });

  it('a position found with the address empty gets its address by reverse geocoding', { timeout: 30000 }, async () => {
    start('Supervisor');
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/geocode/reverse', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ address: '1100 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701', country: 'US', coordinates: { lat: 30.2747, lng: -97.7404 } });
      }),
    );
    stubGeolocation({ lat: 30.2747, lng: -97.7404, accuracy: 8 });
    const user = userEvent.setup();
    renderApp('/logs');
    const card = await screen.findByRole('region', { name: 'Check in' });
    await user.click(within(card).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await user.click(within(card).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(within(card).getByRole('combobox', { name: 'Address' })).toHaveValue('1100 Congress Avenue, Austin, TX 78701'));
    expect(asked).toEqual(['?lat=30.2747&lng=-97.7404']);
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(store.state.sent).toHaveLength(1));
    expect(store.state.sent[0]!.body).toMatchObject({ lat: 30.2747, lng: -97.7404, address: '1100 Congress Avenue, Austin, TX 78701' });
  });

  it('reads "Daily Log" for others; lists logs with their weather and opens one to review it', { timeout: 30000 }, async () => {
    start('Supervisor');
    const user = userEvent.setup();
    renderApp('/logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Log' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Logs' });
    expect(await within(list).findByText('Milling the north lane')).toBeInTheDocument();
    expect(within(list).getByText(/21 °C · Rain · wind 12 km\/h/)).toBeInTheDocument();
    expect(store.state.logQueries[0]!.get('_sort')).toBe('date');
    await user.click(within(list).getByText('Boring under the creek'));
    await waitFor(() => expect(currentLocation()).toBe('/logs/2'));
    const drawer = await screen.findByRole('region', { name: 'Log' });
    await user.click(await within(drawer).findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Reviewed' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.state.sent.at(-1)).toEqual({ method: 'PATCH', path: '/logs/2', body: { status: 'reviewed' } }));
  });
});
