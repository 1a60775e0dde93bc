import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PRODUCTION_REPORT_MESSAGES } from '../../resources/project-report';
import { fakeToken } from './fixtures';
import { projectStore } from './projects-fixtures';
import { renderApp } from './render-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const REPORT = '/api/v1/projects/:id/report/production';

let store = projectStore();
const server = setupServer();
/** The bodies of the report calls, in order. */
let asked: unknown[] = [];
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
  store = projectStore();
  asked = [];
  saved = [];
  server.use(...store.handlers);
  // jsdom keeps no files: the link saveBlob clicks is read instead.
  URL.createObjectURL = vi.fn(() => 'blob:report');
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

/** Today where the fixture's projects are. */
const todayInChicago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/projects/1');
  await user.click(await screen.findByRole('button', { name: 'Production report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Production report' });
  return { user, dialog };
}

describe('the production report', () => {
  it("asks the days, from the project's start date to today, posts them and shows the download's progress", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(REPORT, async ({ request, params }) => {
        asked.push({ id: params.id, body: await request.json() });
        await gate;
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="Production_Report_MSP-1_03052026_03202026.xlsx"' },
        });
      }),
    );
    const { user, dialog } = await openDialog();
    const from = within(dialog).getByLabelText(/^From/);
    const to = within(dialog).getByLabelText(/^To/);
    // Project 1 starts on 2026-03-02.
    expect(from).toHaveValue('2026-03-02');
    expect(to).toHaveValue(todayInChicago());

    fireEvent.change(from, { target: { value: '2026-03-05' } });
    fireEvent.change(to, { target: { value: '2026-03-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    expect(asked).toEqual([{ id: '1', body: { from: '2026-03-05', to: '2026-03-20', type: 'xlsx' } }]);

    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Production report' })).not.toBeInTheDocument());
    expect(saved).toEqual(['Production_Report_MSP-1_03052026_03202026.xlsx']);
  });

  it('shows why a download failed and lets it be pressed again', async () => {
    let calls = 0;
    server.use(
      http.post(REPORT, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Project not found' }, statusCode: 404, message: 'Project not found' }, { status: 404 })
          : new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': XLSX } });
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Project not found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    const again = within(dialog).getByRole('button', { name: 'Download' });
    expect(again).toBeEnabled();

    await user.click(again);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Production report' })).not.toBeInTheDocument());
    // No name from the server: the contract's own.
    expect(saved).toEqual([`Production_Report_MSP-1_03022026_${todayInChicago().replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$2$3$1')}.xlsx`]);
  });

  it('refuses a range that ends before it starts without calling the server', async () => {
    server.use(
      http.post(REPORT, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user, dialog } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2026-04-02' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2026-04-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText(PRODUCTION_REPORT_MESSAGES.range)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
