import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { QuickNote, QuickPanelData, QuickSettings } from '../../resources/quick-panel';
import { fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';
import { listenShellServer, setViewportWidth, shellServer, shellState } from './shell-fixtures';

// No socket server here: setup.ts's fake socket never connects; events are dispatched to the client directly.

listenShellServer();

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
const localDay = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

const state = {
  notes: [] as QuickNote[],
  settings: { notificationSound: false, chatPopups: true, compactGrids: false } as QuickSettings,
  events: [] as QuickPanelData['events'],
  dates: [] as string[],
  calls: [] as Array<{ method: string; path: string; body: unknown }>,
  fail: 0,
  meCalls: 0,
};
let nextNote = 40;

beforeEach(() => {
  setViewportWidth(1366);
  state.notes = [{ id: 31, title: 'Call the city', detail: 'About the permit', updatedAt: '2026-07-14T08:00:00.000Z' }];
  state.settings = { notificationSound: false, chatPopups: true, compactGrids: false };
  state.events = [
    { id: 'task-12', title: 'Pave the lot', detail: 'Task · Open', url: '/app/tasks/12' },
    { id: 'production-5', title: 'Production: Paving crew · MSP-1', detail: 'Production · Draft', url: '/app/productions/inspect/5' },
  ];
  state.dates = [];
  state.calls = [];
  state.fail = 0;
  state.meCalls = 0;
  const record = async (request: Request, path: string) => {
    const body = request.method === 'DELETE' ? null : await request.json();
    state.calls.push({ method: request.method, path, body });
    return body as Record<string, unknown>;
  };
  shellServer.use(
    http.get('/api/v1/users/me', () => {
      state.meCalls++;
      return HttpResponse.json({ user: { ...shellState.me, settings: { ...shellState.me.settings, quickSettings: state.settings } } });
    }),
    http.get('/api/v1/quick-panel/data', ({ request }) => {
      state.dates.push(new URL(request.url).searchParams.get('date')!);
      if (state.fail > 0) {
        state.fail--;
        return HttpResponse.json({ error: { statusCode: 503, message: 'Try later', code: 'UNAVAILABLE' } }, { status: 503 });
      }
      return HttpResponse.json({ date: localDay, events: state.events, moreEvents: 0, notes: state.notes, settings: state.settings } satisfies QuickPanelData);
    }),
    http.post('/api/v1/quick-panel/notes', async ({ request }) => {
      const body = await record(request, '/quick-panel/notes');
      const note = { id: ++nextNote, title: body.title as string, detail: (body.detail as string) || null, updatedAt: new Date().toISOString() };
      state.notes = [note, ...state.notes];
      return HttpResponse.json(note, { status: 201 });
    }),
    http.patch('/api/v1/quick-panel/notes/:id', async ({ request, params }) => {
      const body = await record(request, `/quick-panel/notes/${params.id}`);
      const note = { ...state.notes.find((n) => n.id === Number(params.id))!, title: body.title as string, detail: (body.detail as string) || null };
      state.notes = state.notes.map((n) => (n.id === note.id ? note : n));
      return HttpResponse.json(note);
    }),
    http.delete('/api/v1/quick-panel/notes/:id', async ({ request, params }) => {
      await record(request, `/quick-panel/notes/${params.id}`);
      state.notes = state.notes.filter((n) => n.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('/api/v1/quick-panel/settings', async ({ request }) => {
      const body = await record(request, '/quick-panel/settings');
      state.settings = { ...state.settings, ...body };
      return HttpResponse.json(state.settings);
    }),
  );
});

async function openQuickPanel() {
  const user = userEvent.setup();
  renderApp('/dashboard');
  expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Quick panel' }));
  const panel = await screen.findByRole('dialog', { name: 'Quick panel' });
  return { user, panel };
}

describe('the quick panel', () => {
  it("shows today's date and the day's events (asked for the user's own day), each opening its page", { timeout: 30000 }, async () => {
    const { user, panel } = await openQuickPanel();
    expect(within(panel).getByTestId('quick-panel-date')).toHaveTextContent(String(today.getFullYear()));
    const events = await within(panel).findByRole('list', { name: 'Events' });
    expect(state.dates).toEqual([localDay]);
    const links = within(events).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/tasks/12', '/productions/inspect/5']);
    expect(within(events).getByText('Task · Open')).toBeInTheDocument();
    await user.click(links[0]!);
    await waitFor(() => expect(currentLocation()).toBe('/tasks/12'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick panel' })).not.toBeInTheDocument());
  });

  it('adds, edits and deletes notes in place', { timeout: 30000 }, async () => {
    const { user, panel } = await openQuickPanel();
    const notes = await within(panel).findByRole('list', { name: 'Notes' });
    expect(within(notes).getByText('Call the city')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    // A note needs a title: nothing is sent without one.
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByText('A note needs a title')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), 'Order asphalt');
    await user.type(within(panel).getByRole('textbox', { name: 'Detail' }), '40 tons');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Order asphalt40 tons')])));
    expect(state.calls[0]).toEqual({ method: 'POST', path: '/quick-panel/notes', body: { title: 'Order asphalt', detail: '40 tons' } });

    await user.click(within(panel).getByRole('button', { name: 'Edit note Call the city' }));
    const title = within(panel).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Call the county');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Call the county')).toBeInTheDocument();
    expect(state.calls[1]).toEqual({ method: 'PATCH', path: '/quick-panel/notes/31', body: { title: 'Call the county', detail: 'About the permit' } });

    await user.click(within(panel).getByRole('button', { name: 'Delete note Call the county' }));
    await waitFor(() => expect(within(panel).queryByText('Call the county')).not.toBeInTheDocument());
    expect(state.calls[2]).toEqual({ method: 'DELETE', path: '/quick-panel/notes/31', body: null });
  });

  it('saves a quick setting at once and reads the session again so it applies', { timeout: 30000 }, async () => {
    const { user, panel } = await openQuickPanel();
    const compact = await within(panel).findByRole('switch', { name: 'Compact grids' });
    expect(compact).not.toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Chat message pop-ups' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Sound on new notification' })).not.toBeChecked();
    const before = state.meCalls;
    await user.click(compact);
    await waitFor(() => expect(state.calls).toEqual([{ method: 'PATCH', path: '/quick-panel/settings', body: { compactGrids: true } }]));
    expect(compact).toBeChecked();
    await waitFor(() => expect(state.meCalls).toBeGreaterThan(before));
  });

  it('says so when the day holds nothing, and offers a retry when the panel cannot load', { timeout: 30000 }, async () => {
    state.events = [];
    state.notes = [];
    state.fail = 1;
    const { user, panel } = await openQuickPanel();
    expect(await within(panel).findByText(/The quick panel could not be loaded: Try later/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('Nothing on the calendar today.')).toBeInTheDocument();
    expect(within(panel).getByText('No notes yet. Keep a reminder here.')).toBeInTheDocument();
    // The Retry button is gone: focus is back in the panel, so Escape still closes it.
    await waitFor(() => expect(panel).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick panel' })).not.toBeInTheDocument());
  });
});

describe('Compact grids', () => {
  it('makes the resource grids dense', { timeout: 30000 }, async () => {
    shellState.me = fakeUser('Owner', { settings: { defaultCompanyId: 7, quickSettings: { compactGrids: true } } });
    state.settings = { ...state.settings, compactGrids: true };
    renderApp('/crews');
    const grid = await screen.findByRole('grid');
    expect(grid.closest('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityCompact');
  });
});
