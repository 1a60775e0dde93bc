import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RoleName } from '../../../permissions';
import type { Log } from '../../../resources/log';
import { outbox } from '../../../src/offline/outbox';
import { makeLog } from '../logs-fixtures';
import { emptyPhone, goOffline, renderMobile, sessionHandlers, stubGeolocation, total } from './mobile-fixtures';

const server = setupServer();
let posted: unknown[] = [];
let logQueries: URLSearchParams[] = [];
let logs: Log[] = [];

function handlers(crews = [{ id: 21, name: 'North crew', companyId: 7 }], role: RoleName = 'CrewLeader') {
  return [
    ...sessionHandlers(role),
    http.get('/api/v1/logs/crews', () => HttpResponse.json(crews)),
    http.get('/api/v1/logs', ({ request }) => {
      logQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(logs, total(logs));
    }),
    http.post('/api/v1/logs', async ({ request }) => {
      const body = (await request.json()) as { logData: Partial<Log>; dateString: string };
      posted.push(body);
      const made = makeLog(60 + posted.length, { ...body.logData, projectName: 'Main Street Paving', weather: null, description: body.logData.description ?? null });
      logs = [made, ...logs];
      return HttpResponse.json(made, { status: 201 });
    }),
  ];
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  posted = [];
  logQueries = [];
  logs = [makeLog(5, { description: 'Saw cutting at the corner', weather: { temperature: 21.4, windSpeed: 12.2, windDirection: 180, code: 61, summary: 'Rain', observedAt: '2026-03-10T15:00' } })];
  await emptyPhone();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const form = () => screen.getByRole('form', { name: 'Check in' });

describe('checking in on the phone', () => {
  it("sends the spec's shape (logData and the phone's day) with the project from the link, the leader's crew and the position", async () => {
    server.use(...handlers());
    const geo = stubGeolocation({ lat: 30.267153, lng: -97.743057, accuracy: 12 });
    const user = userEvent.setup();
    renderMobile('/logs?projectId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check in' })).toBeInTheDocument();
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Project' })).toHaveTextContent('MSP-1 · Main Street Paving'));
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Crew' })).toHaveTextContent('North crew'));
    await user.type(within(form()).getByRole('textbox', { name: 'What is happening' }), 'Milling the north lane');
    await user.click(within(form()).getByRole('button', { name: 'Use my location' }));
    expect(geo).toHaveBeenCalled();
    expect(await within(form()).findByText(/Location found: 30.26715, -97.74306 \(within 12 m\)/)).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Check in' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    const today = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(posted[0]).toEqual({
      logData: { projectId: 1, crewId: 21, lat: 30.267153, lng: -97.743057, date: today, status: 'open', description: 'Milling the north lane', address: null },
      dateString: today,
    });
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    // Today's list reloads with the new check-in; the form is ready for the next one.
    const list = screen.getByRole('list', { name: "Today's check-ins" });
    expect(await within(list).findByText('Milling the north lane')).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'What is happening' })).toHaveValue('');
    expect(logQueries[0]!.get('userId')).toBe('1');
    expect(logQueries[0]!.get('date')).toBe(today);
  });

  it("lists today's check-ins with their weather", async () => {
    server.use(...handlers());
    renderMobile('/logs');
    const list = await screen.findByRole('list', { name: "Today's check-ins" });
    expect(await within(list).findByText('Saw cutting at the corner')).toBeInTheDocument();
    expect(within(list).getByText('Weather: 21 °C · Rain · wind 12 km/h')).toBeInTheDocument();
  });

  it("without a connection, today's check-ins show from the copy kept on the phone, with its age", async () => {
    server.use(...handlers());
    const first = renderMobile('/logs');
    expect(await within(await screen.findByRole('list', { name: "Today's check-ins" })).findByText('Saw cutting at the corner')).toBeInTheDocument();
    first.unmount();
    server.use(http.get('/api/v1/logs', () => HttpResponse.error()));
    renderMobile('/logs');
    expect(await screen.findByText(/^Offline: as of /)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: "Today's check-ins" })).getByText('Saw cutting at the corner')).toBeInTheDocument();
  });

  it('says what is missing: no project, and no crew for a person in none', async () => {
    server.use(...handlers([]));
    const user = userEvent.setup();
    renderMobile('/logs');
    // Told at once, before trying.
    expect(await within(await screen.findByRole('form', { name: 'Check in' })).findByText(/You are in no crew to check in with/)).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Check in' }));
    expect(await within(form()).findByText('Choose a project')).toBeInTheDocument();
    expect(within(form()).getByRole('combobox', { name: 'Crew' })).toHaveAttribute('aria-invalid', 'true');
    expect(await outbox.list()).toHaveLength(0);
    expect(posted).toHaveLength(0);
  });

  it("asks a supervisor, who is answered every crew, which crew", async () => {
    server.use(...handlers([{ id: 21, name: 'North crew', companyId: 7 }, { id: 22, name: 'South crew', companyId: 7 }], 'Supervisor'));
    const user = userEvent.setup();
    renderMobile('/logs?projectId=2');
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Project' })).toHaveTextContent('APU-2 · Airport Utilities'));
    await user.click(within(form()).getByRole('button', { name: 'Check in' }));
    expect(await within(form()).findByText('Choose a crew')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('offline, the check-in waits in the outbox (shown at once) and is sent once the connection returns', async () => {
    server.use(...handlers());
    const offline = goOffline();
    const user = userEvent.setup();
    renderMobile('/logs?projectId=1');
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Crew' })).toHaveTextContent('North crew'));
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Project' })).toHaveTextContent('Main Street Paving'));
    await user.type(within(form()).getByRole('combobox', { name: 'Address' }), '100 Main St, Austin');
    await user.click(within(form()).getByRole('button', { name: 'Check in' }));

    expect(await screen.findByText('Saved: waiting to send')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: "Today's check-ins" });
    expect(within(list).getByText(/Check-in on Main Street Paving/)).toBeInTheDocument();
    expect(within(list).getByText('Waiting to send')).toBeInTheDocument();
    const [entry] = await outbox.list();
    expect(entry).toMatchObject({ method: 'POST', path: '/logs', body: { logData: { projectId: 1, crewId: 21, lat: null, lng: null, address: '100 Main St, Austin' } } });
    expect(posted).toHaveLength(0);

    offline.mockReturnValue(true);
    await act(() => outbox.flush({ now: true }));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('fills the address from the position by reverse geocoding, and sends it', async () => {
    server.use(...handlers());
    // Used after the handlers above, so it answers before their geocoder-off one.
    server.use(
      http.get('/api/v1/geocode/reverse', () =>
        HttpResponse.json({ address: '1100 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701', country: 'US', coordinates: { lat: 30.2747, lng: -97.7404 } }),
      ),
    );
    stubGeolocation({ lat: 30.2747, lng: -97.7404, accuracy: 5 });
    const user = userEvent.setup();
    renderMobile('/logs?projectId=1');
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Crew' })).toHaveTextContent('North crew'));
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Project' })).toHaveTextContent('Main Street Paving'));
    await user.click(within(form()).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Address' })).toHaveValue('1100 Congress Avenue, Austin, TX 78701'));
    await user.click(within(form()).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ logData: { lat: 30.2747, lng: -97.7404, address: '1100 Congress Avenue, Austin, TX 78701' } });
  });

  it('offers the nearest projects first once the position is known, with their distance', async () => {
    server.use(...handlers());
    stubGeolocation({ lat: 30.2672, lng: -97.7431, accuracy: 8 });
    const user = userEvent.setup();
    renderMobile('/logs');
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    await within(form()).findByText(/Location found/);
    await user.click(within(form()).getByRole('combobox', { name: 'Project' }));
    const options = await screen.findAllByRole('option');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['APU-2 · Airport Utilities · 0.4 km', 'MSP-1 · Main Street Paving · 12.3 km']));
    expect(options.length).toBe(2);
  });
});
