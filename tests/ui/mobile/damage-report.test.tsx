import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RoleName } from '../../../permissions';
import { outbox } from '../../../src/offline/outbox';
import { emptyPhone, goOffline, renderMobile, sessionHandlers, stubGeolocation } from './mobile-fixtures';

// The browser's canvas is not in jsdom: the resize is the phone's, checked in tests/unit/mobile/photo-resize.test.ts.
const resized: string[] = [];
vi.mock('../../../src/mobile/photos/resize', async (original) => ({
  ...(await original<typeof import('../../../src/mobile/photos/resize')>()),
  resizePhoto: vi.fn(async (file: File) => {
    resized.push(file.name);
    return new Blob(['small jpeg'], { type: 'image/jpeg' });
  }),
}));

const server = setupServer();
let requests: Array<{ path: string; body: unknown }> = [];

function handlers(role: RoleName = 'Supervisor') {
  return [
    ...sessionHandlers(role),
    http.get('/api/v1/companies/7/damage-types', () => HttpResponse.json([{ id: 3, name: 'Gas line strike' }])),
    http.post('/api/v1/damages', async ({ request }) => {
      requests.push({ path: '/damages', body: await request.json() });
      return HttpResponse.json({ id: 77 }, { status: 201 });
    }),
  ];
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  requests = [];
  resized.length = 0;
  await emptyPhone();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const form = () => screen.getByRole('form', { name: 'Report damage' });
const photo = (name: string) => new File(['camera bytes'], name, { type: 'image/heic' });

describe('reporting a damage on the phone', () => {
  it('saves the damage and then its resized photos in the outbox, each photo naming the damage by its answer', async () => {
    server.use(...handlers());
    const offline = goOffline();
    stubGeolocation({ lat: 30.2672, lng: -97.7431, accuracy: 6 });
    const user = userEvent.setup();
    renderMobile('/damages/create?projectId=1');
    await waitFor(() => expect(within(form()).getByRole('combobox', { name: 'Project' })).toHaveTextContent('MSP-1 · Main Street Paving'));
    await user.click(await within(form()).findByRole('combobox', { name: 'Damage type' }));
    await user.click(await screen.findByRole('option', { name: 'Gas line strike' }));
    await user.type(within(form()).getByRole('textbox', { name: 'What was damaged' }), 'Cut a gas service line');
    await user.click(within(form()).getByRole('button', { name: 'Use my location' }));
    await within(form()).findByText(/Location found/);
    const camera = within(form()).getByLabelText('Take photos');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    fireEvent.change(camera, { target: { files: [photo('IMG_1.HEIC'), photo('IMG_2.HEIC')] } });
    expect(within(form()).getByRole('list', { name: 'Photos to send' })).toHaveTextContent('IMG_2.HEIC');
    await user.click(within(form()).getByRole('button', { name: 'Report damage' }));

    expect(await screen.findByText('Saved: waiting to send (with 2 photos)')).toBeInTheDocument();
    expect(resized).toEqual(['IMG_1.HEIC', 'IMG_2.HEIC']);
    const [damage, first, second] = await outbox.list();
    const today = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(damage).toMatchObject({
      method: 'POST',
      path: '/damages',
      body: { projectId: 1, damageDate: today, damageTypeId: 3, description: 'Cut a gas service line', address: null, city: null, state: null, lat: 30.2672, lng: -97.7431 },
    });
    for (const [entry, name] of [
      [first, 'IMG_1.jpg'],
      [second, 'IMG_2.jpg'],
    ] as const) {
      expect(entry!.seq).toBeGreaterThan(damage!.seq);
      expect(entry!.path).toEqual(['/damages/', { $ref: damage!.id, field: 'id' }, '/files/files']);
      expect((entry!.body as { form: Array<{ name: string; filename: string }> }).form).toMatchObject([{ name: 'file', filename: name }]);
    }
    // The form is ready for the next damage; the photos went with this one.
    expect(within(form()).queryByRole('list', { name: 'Photos to send' })).toBeNull();

    offline.mockReturnValue(true);
    await act(() => outbox.flush({ now: true }));
    // Back online the damage goes first. (Its photos' multipart sending is the outbox's, tested in
    // tests/unit/offline/outbox.test.ts: jsdom's Blob does not survive the fake IndexedDB's clone.)
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/damages']));
    expect(await screen.findByText(/^Damage Created/)).toBeInTheDocument();
  });

  it('asks for the project and refuses a day that is not a date, saving nothing', async () => {
    server.use(...handlers());
    const user = userEvent.setup();
    renderMobile('/damages/create');
    await screen.findByRole('form', { name: 'Report damage' });
    await user.clear(within(form()).getByLabelText('Date of the damage'));
    await user.click(within(form()).getByRole('button', { name: 'Report damage' }));
    expect(await within(form()).findByText('Choose a project')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Date of the damage')).toHaveAttribute('aria-invalid', 'true');
    expect(await outbox.list()).toHaveLength(0);
    expect(requests).toHaveLength(0);
  });

  it('a crew leader reports damages; a role that does not see damages is told so, with no form', async () => {
    server.use(...handlers('CrewLeader'));
    const shown = renderMobile('/damages/create?projectId=1');
    expect(await screen.findByRole('form', { name: 'Report damage' })).toBeInTheDocument();
    shown.unmount();
    server.use(...handlers('Crew'));
    renderMobile('/damages/create?projectId=1');
    expect(await screen.findByText(/Your role does not see the company.s damages, so it cannot report one/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report damage' })).toBeNull();
  });
});
