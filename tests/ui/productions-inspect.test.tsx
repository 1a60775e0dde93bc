import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ProductionTrace } from '../../resources/production';
import { PRODUCTION_MESSAGES, PRODUCTION_SUCCESS } from '../../resources/production';
import { fakeToken } from './fixtures';
import { makeProduction, productionStore, recordFileNames } from './productions-fixtures';
import { renderApp } from './render-app';

let store = productionStore();
const server = setupServer();
/** The names files were saved under. */
let saved: string[] = [];

beforeAll(() => {
  // msw's XHR interceptor reads a blob answer through Blob.stream, which jsdom's Blob lacks.
  if (!Blob.prototype.stream) {
    Blob.prototype.stream = function stream(this: Blob) {
      const blob = this;
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(await blob.arrayBuffer()));
          controller.close();
        },
      }) as ReturnType<Blob['stream']>;
    };
  }
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = productionStore();
  saved = [];
  server.use(...store.handlers);
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());


describe('the production inspection page', { timeout: 40000 }, () => {
  it('edits a draft quantity in place, refusing more than three decimals, and flags an item over budget', async () => {
    const user = userEvent.setup();
    renderApp('/productions/inspect/1');
    const items = await screen.findByRole('table', { name: 'Production items' });
    expect(within(items).getByText('Over budget')).toBeInTheDocument();
    expect(within(items).getByText('$1,000.00')).toBeInTheDocument();
    const quantity = within(items).getByRole('textbox', { name: 'Quantity of Item 1' });
    expect(quantity).toHaveValue('12.5');
    await user.clear(quantity);
    await user.type(quantity, '7.1255{Enter}');
    expect(await within(items).findByText('Quantity must be a number from 0 to 1,000,000,000 with at most 3 decimals')).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.clear(quantity);
    await user.type(quantity, '7.125{Enter}');
    expect(await screen.findByText(PRODUCTION_SUCCESS.saved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/production/item/1', body: { quantity: '7.125' } }]);
  });

  it('adds budget items through the add-items dialog', async () => {
    const user = userEvent.setup();
    renderApp('/productions/inspect/1');
    await user.click(await screen.findByRole('button', { name: 'Add items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add items' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Quantity of Sidewalk' }), '0.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Photos required for Sidewalk' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add items' })).not.toBeInTheDocument());
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/production/1/items', body: { items: [{ budgetItemId: 602, quantity: '0.5', photosNumber: 1 }] } }]);
  });

  it('shows only the moves its can* flags allow', async () => {
    store.state.productions[0] = makeProduction(1, { status: 'submitted', canEdit: false, canSubmit: false, canReview: false, canAmend: true });
    renderApp('/productions/inspect/1');
    expect(await screen.findByRole('button', { name: 'Amend' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add items' })).not.toBeInTheDocument();
    // Not a draft: quantities are text, not fields.
    expect(screen.queryByRole('textbox', { name: 'Quantity of Item 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download daily sheet' })).toBeInTheDocument();
  });

  it("lists the crew's marks on the plan and leads a draft to the plan pages it can mark", async () => {
    const user = userEvent.setup();
    const mark = { id: 3, productionItemId: 1, budgetItemId: 501, layerItemId: 40, fileId: 9, fileName: 'Site plan.pdf', pageNumber: 2, itemName: 'Item 1', geometry: { points: [[0, 0], [72, 0]] as Array<[number, number]> }, quantity: '12.5' };
    const sheets = [
      { fileId: 9, fileName: 'Site plan.pdf', pageNumber: 1, drawings: 3 },
      { fileId: 9, fileName: 'Site plan.pdf', pageNumber: 2, drawings: 1 },
    ];
    store.state.productions[0] = makeProduction(1, { planMarks: [mark], planSheets: sheets });
    renderApp('/productions/inspect/1');
    const marks = await screen.findByRole('list', { name: 'Marks on the plan' }, { timeout: 10_000 });
    expect(marks).toHaveTextContent('Item 1: 12.5 LF');
    const back = encodeURIComponent('/productions/inspect/1');
    expect(within(marks).getByRole('link', { name: 'Site plan.pdf, page 2' })).toHaveAttribute('href', `/editor?fileId=9&returnTo=${back}&page=2&productionId=1`);
    await user.click(screen.getByRole('button', { name: 'Mark on the plan' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Site plan.pdf · page 1 (3 drawings)' })).toHaveAttribute('href', `/editor?fileId=9&returnTo=${back}&page=1&productionId=1`);
  });

  it('shows a submitted production its marks to look at, and no way to mark more', async () => {
    const mark = { id: 3, productionItemId: 1, budgetItemId: 501, layerItemId: 40, fileId: 9, fileName: 'Site plan.pdf', pageNumber: 2, itemName: 'Item 1', geometry: { points: [[0, 0], [72, 0]] as Array<[number, number]> }, quantity: '12.5' };
    store.state.productions[0] = makeProduction(1, { status: 'submitted', canEdit: false, canSubmit: false, planMarks: [mark], planSheets: [] });
    renderApp('/productions/inspect/1');
    const marks = await screen.findByRole('list', { name: 'Marks on the plan' }, { timeout: 10_000 });
    expect(within(marks).getByRole('link', { name: 'Site plan.pdf, page 2' })).toHaveAttribute('href', `/editor?fileId=9&returnTo=${encodeURIComponent('/productions/inspect/1')}&page=2`);
    expect(screen.queryByRole('button', { name: 'Mark on the plan' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, and approves with the send-mail choice', async () => {
    const user = userEvent.setup();
    store.state.productions[0] = makeProduction(1, {
      status: 'submitted',
      canEdit: false,
      canSubmit: false,
      canReview: true,
      reviews: [{ id: 1, companyId: 7, companyName: 'Acme Paving', role: 'own', status: 'pending', reason: null, decidedBy: null, decidedAt: null }],
    });
    renderApp('/productions/inspect/1');
    expect(await screen.findByText('Own · Acme Paving: Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject production' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(PRODUCTION_MESSAGES.reason)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve production' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send e-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(PRODUCTION_SUCCESS.approved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/production/1/approve', body: { sendEmail: false } }]);
  });

  it('posts a reason when rejecting', async () => {
    const user = userEvent.setup();
    store.state.productions[0] = makeProduction(1, { status: 'submitted', canEdit: false, canSubmit: false, canReview: true });
    renderApp('/productions/inspect/1');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject production' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asphalt quantity is twice the ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(PRODUCTION_SUCCESS.rejected)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/production/1/reject', body: { reason: 'Asphalt quantity is twice the ticket' } }]);
  });

  it('uploads several photos with a bar per file until the server answers', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    store.state.gate = new Promise((r) => (release = r));
    recordFileNames(store.state);
    renderApp('/productions/inspect/1/photos');
    expect(await screen.findByText('1 of 2 asked attached')).toBeInTheDocument();
    const files = ['a.jpg', 'b.jpg'].map((n) => new File(['x'.repeat(2000)], n, { type: 'image/jpeg' }));
    await user.upload(screen.getByLabelText('Add photos'), files);
    await waitFor(() => expect(store.state.uploads).toEqual([{ path: '/production/1/files', names: ['a.jpg', 'b.jpg'] }]));
    for (const name of ['a.jpg', 'b.jpg']) expect(Number(screen.getByRole('progressbar', { name: `Uploading ${name}` }).getAttribute('aria-valuenow'))).toBeLessThan(100);
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading a.jpg' })).not.toBeInTheDocument());
    expect(await screen.findByRole('img', { name: 'a.jpg' })).toBeInTheDocument();
  });

  it('downloads the daily sheet under its name, and resets after a failure', async () => {
    const user = userEvent.setup();
    store.state.sheetFailure = { status: 500, message: 'The sheet could not be built' };
    renderApp('/productions/inspect/1');
    await user.click(await screen.findByRole('button', { name: 'Download daily sheet' }));
    expect(await screen.findByText(/The daily sheet could not be downloaded\. The sheet could not be built/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Download daily sheet' });
    expect(button).toBeEnabled();
    expect(screen.queryByRole('progressbar', { name: 'Daily sheet download progress' })).not.toBeInTheDocument();

    store.state.sheetFailure = null;
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['Daily_Production_Sheet_MSP-1_03102026.xlsx']));
    expect(store.state.sent.map((s) => s.path)).toEqual(['/productions/1/report/download', '/productions/1/report/download']);
  });

  it('records a trace from the position while the crew walks it, leaving out rough fixes, and saves it', async () => {
    const user = userEvent.setup();
    let report: PositionCallback = () => undefined;
    const clearWatch = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { watchPosition: (ok: PositionCallback) => ((report = ok), 7), clearWatch, getCurrentPosition: vi.fn() },
    });
    const fix = (latitude: number, longitude: number, accuracy: number) => report({ coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition);
    const traces: ProductionTrace[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get('/api/v1/production/:id/traces', () => HttpResponse.json(traces)),
      http.post('/api/v1/production/:id/traces', async ({ request }) => {
        const body = (await request.json()) as { points: Array<[number, number]> };
        posted.push(body);
        traces.push({ id: 1, points: body.points, lengthMeters: 158, recordedBy: 'Lee Leader', createdAt: '2026-03-10T15:00:00.000Z' });
        return HttpResponse.json(traces[0], { status: 201 });
      }),
    );
    renderApp('/productions/inspect/1/traces');
    expect(await screen.findByText('No traces were recorded for this production.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record a trace here' }));
    fix(30.2672, -97.7431, 8);
    fix(30.3, -97.9, 900);
    expect(await screen.findByText(/Recording: 1 point\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop and save' })).toBeDisabled();
    fix(30.2686, -97.7431, 6);
    expect(await screen.findByText(/Recording: 2 points\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop and save' }));
    expect(await screen.findByText('Trace 1: 158 m, 2 points')).toBeInTheDocument();
    expect(posted).toEqual([{ points: [[30.2672, -97.7431], [30.2686, -97.7431]] }]);
    expect(clearWatch).toHaveBeenCalledWith(7);
  });

  it('says why when the position is not shared', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { watchPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => (fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError), 3), clearWatch: vi.fn(), getCurrentPosition: vi.fn() },
    });
    renderApp('/productions/inspect/1/traces');
    await user.click(await screen.findByRole('button', { name: 'Record a trace here' }));
    expect(await screen.findByText('The position was not shared: allow location for this site to record a trace.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record a trace here' })).toBeEnabled();
  });

  it('updates the stations the work covered', async () => {
    const user = userEvent.setup();
    renderApp('/productions/inspect/1/stations');
    await user.click(await screen.findByRole('checkbox', { name: /Bridge/ }));
    await user.click(screen.getByRole('button', { name: 'Save stations' }));
    expect(await screen.findByText(PRODUCTION_SUCCESS.stationsUpdated)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/production/1/stations', body: { stationIds: [2] } }]);
  });
});
