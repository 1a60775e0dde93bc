import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notificationLink, type Notification, type NotificationEvent } from '../../resources/notification';
import { SOCKET_EVENTS } from '../../resources/realtime';
import { realtime } from '../../src/realtime';
import { formatNotificationDate } from '../../src/shell/notifications/notification-date';
import { currentLocation, renderApp } from './render-app';
import { listenShellServer, setViewportWidth, shellServer } from './shell-fixtures';

listenShellServer();

/** The fixtures' user holds membership 10 in company 7. */
const MEMBER = 10;
const at = (y: number, mo: number, d: number, h: number, mi: number, s: number) => new Date(y, mo - 1, d, h, mi, s).toISOString();

function note(id: number, overrides: Partial<Notification> = {}): Notification {
  return { id, type: 'footprint', description: `Notification ${id}`, read: false, dateCreated: at(2026, 11, 24, 18, 5, 9), memberId: MEMBER, entityId: String(id), options: { projectId: 4 }, ...overrides };
}

/** A small bell server: the member's notifications, marked read as the API does when listed. */
const bell = { rows: [] as Notification[], lists: [] as URLSearchParams[], patches: [] as Array<{ id: number; body: unknown }>, settings: { Reports: true, Delays: true, Others: true, Email: false }, settingsCalls: [] as unknown[] };

beforeEach(() => {
  setViewportWidth(1366);
  bell.rows = [];
  bell.lists = [];
  bell.patches = [];
  bell.settings = { Reports: true, Delays: true, Others: true, Email: false };
  bell.settingsCalls = [];
  shellServer.use(
    http.get(`/api/v1/members/${MEMBER}/notifications/unread-count`, () => HttpResponse.json({ unread: bell.rows.filter((r) => !r.read).length })),
    http.get(`/api/v1/members/${MEMBER}/notifications`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      bell.lists.push(q);
      const page = bell.rows.slice(Number(q.get('_start')), Number(q.get('_end'))).map((r) => ({ ...r }));
      bell.rows = bell.rows.map((r) => ({ ...r, read: true }));
      return HttpResponse.json(page, { headers: { 'X-Total-Count': String(bell.rows.length) } });
    }),
    http.patch('/api/v1/notifications/:id', async ({ params, request }) => {
      const body = await request.json();
      bell.patches.push({ id: Number(params.id), body });
      bell.rows = bell.rows.map((r) => (r.id === Number(params.id) ? { ...r, read: true } : r));
      return HttpResponse.json({ ...bell.rows.find((r) => r.id === Number(params.id)), read: true });
    }),
    http.get(`/api/v1/memberships/${MEMBER}/notification-settings`, () => HttpResponse.json(bell.settings)),
    http.patch(`/api/v1/memberships/${MEMBER}/notification-settings`, async ({ request }) => {
      const body = (await request.json()) as Partial<typeof bell.settings>;
      bell.settingsCalls.push(body);
      bell.settings = { ...bell.settings, ...body };
      return HttpResponse.json(bell.settings);
    }),
  );
});
afterEach(() => vi.useRealTimers());

const toolbar = () => within(screen.getByRole('banner'));
const emit = (payload: NotificationEvent) => act(() => realtime.dispatch(SOCKET_EVENTS.notification, JSON.stringify(payload)));

async function showApp(path = '/dashboard') {
  const user = userEvent.setup();
  renderApp(path);
  expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
  return user;
}

async function openBell(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.click(await toolbar().findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the date of a notification', () => {
  it("reads 'MMMM DD YYYY h:mm:ss a' in the browser's zone", () => {
    expect(formatNotificationDate(at(2026, 11, 24, 18, 5, 9))).toBe('November 24 2026 6:05:09 pm');
    expect(formatNotificationDate(at(2026, 3, 5, 0, 0, 7))).toBe('March 05 2026 12:00:07 am');
    expect(formatNotificationDate(at(2027, 1, 1, 12, 30, 0))).toBe('January 01 2027 12:30:00 pm');
    expect(formatNotificationDate('not a date')).toBe('');
  });
});

describe('where a notification leads (spec 02 §2)', () => {
  it('routes each type to its page, with the event as the hash where one is given', () => {
    const link = (type: string, entityId: string | null, options: Notification['options'] = {}) => notificationLink({ type, entityId, options });
    expect(link('budget--comment', '3', { projectId: 4, eventId: 9 })).toBe('/projects/4/budget#9');
    expect(link('budget--budget-item', '3', { projectId: 4, eventId: 2 })).toBe('/projects/4/budget');
    expect(link('budget--budget-review', '3', { projectId: 4, eventId: 5 })).toBe('/projects/4/budget');
    expect(link('production--comment', '12', { projectId: 4, eventId: 31 })).toBe('/productions/inspect/12#31');
    expect(link('production--added', '12', { projectId: 4 })).toBe('/productions/inspect/12');
    expect(link('production--item-deleted', '12', { projectId: 4 })).toBe('/productions/inspect/12');
    expect(link('invoice-comment', '8', { projectId: 4, eventId: 2 })).toBe('/invoices/8#2');
    expect(link('invoice', '8', { projectId: 4 })).toBe('/invoices/8');
    expect(link('task', '6', { projectId: 4 })).toBe('/tasks/6');
    expect(link('task-comment', '6', { projectId: 4, eventId: 3 })).toBe('/tasks/6#3');
    expect(link('task-file', '6', { projectId: 4, eventId: 8 })).toBe('/tasks/6#8');
    expect(link('footprint', '15', { projectId: 4 })).toBe('/footprints/15');
    expect(link('damage', '21', { projectId: 4 })).toBe('/damages/21');
    expect(link('pdf-converted-to-jpeg', '77', { projectId: 4 })).toBe('/projects/4/files');
    expect(link('something-new', null)).toBe('/dashboard');
  });
});

describe('the toolbar bell', () => {
  it('counts the unread, lists them newest first with their dates as they were, and the list marks them read', { timeout: 30000 }, async () => {
    bell.rows = [note(3, { description: 'Pit on P-1 drawn' }), note(2, { description: 'Task moved', type: 'task', read: true }), note(1, { description: 'Damage reported', type: 'damage' })];
    const user = await showApp();
    const dialog = await openBell(user, 'Notifications, 2 unread');
    const items = await within(dialog).findAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'Unread: Pit on P-1 drawnNovember 24 2026 6:05:09 pm',
      'Task movedNovember 24 2026 6:05:09 pm',
      'Unread: Damage reportedNovember 24 2026 6:05:09 pm',
    ]);
    expect(items.map((i) => i.getAttribute('data-unread'))).toEqual(['true', null, 'true']);
    expect(bell.lists[0]!.get('_start')).toBe('0');
    // The list marked them read: the badge is clear.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(toolbar().getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(screen.getByTestId('notifications-badge')).queryByText('2')).not.toBeInTheDocument();
  });

  it('shows its loading, empty and error states', { timeout: 30000 }, async () => {
    let fail = true;
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    shellServer.use(
      http.get(`/api/v1/members/${MEMBER}/notifications`, async () => {
        await held;
        return fail ? HttpResponse.json({ error: { statusCode: 500, message: 'Database unavailable', code: 'INTERNAL' } }, { status: 500 }) : HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    const user = await showApp();
    const dialog = await openBell(user, 'Notifications');
    expect(within(dialog).getByLabelText('Loading notifications')).toBeInTheDocument();
    answer();
    expect(await within(dialog).findByText('Could not load the notifications.')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No notifications')).toBeInTheDocument();
  });

  it('marks one read, then all', { timeout: 30000 }, async () => {
    bell.rows = [note(5), note(4), note(3)];
    const user = await showApp();
    const dialog = await openBell(user, 'Notifications, 3 unread');
    await within(dialog).findAllByTestId('notification-item');
    await user.click(within(dialog).getByRole('button', { name: 'Mark read: Notification 4' }));
    await waitFor(() => expect(bell.patches).toEqual([{ id: 4, body: { read: true } }]));
    expect(within(dialog).getAllByTestId('notification-item').map((i) => i.getAttribute('data-unread'))).toEqual(['true', null, 'true']);

    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bell.lists).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getAllByTestId('notification-item').every((i) => !i.hasAttribute('data-unread'))).toBe(true));
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it("clears what another of the person's tabs read: the badge is counted again, the list shows them read; another membership's is left alone", { timeout: 30000 }, async () => {
    bell.rows = [note(5), note(4), note(3)];
    const user = await showApp();
    const dialog = await openBell(user, 'Notifications, 3 unread');
    await within(dialog).findAllByTestId('notification-item');
    await user.keyboard('{Escape}');
    // Opening the list marked them read on the server; a new one came in since.
    bell.rows = [note(6), ...bell.rows.map((r) => ({ ...r, read: true }))];
    emit({ ...note(6), companyId: 7 });
    expect(await toolbar().findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    const read = (memberId: number, ids: number[] | null) => act(() => realtime.dispatch(SOCKET_EVENTS.notificationsRead, JSON.stringify({ memberId, ids })));
    read(99, null);
    bell.rows = bell.rows.map((r) => ({ ...r, read: true }));
    expect(toolbar().getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    read(MEMBER, [6]);
    expect(await toolbar().findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens what a notification is about and marks it read', { timeout: 30000 }, async () => {
    bell.rows = [note(7, { type: 'production--comment', entityId: '12', options: { projectId: 4, eventId: 31 }, description: 'Bob commented on the production' })];
    const user = await showApp();
    const dialog = await openBell(user, 'Notifications, 1 unread');
    await within(dialog).findAllByTestId('notification-item');
    await user.click(await within(dialog).findByRole('button', { name: /^Unread:\s*Bob commented on the production/ }));
    await waitFor(() => expect(currentLocation()).toBe('/productions/inspect/12'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(bell.patches).toEqual([{ id: 7, body: { read: true } }]));
  });

  it('is a 40 px target on a phone', { timeout: 30000 }, async () => {
    setViewportWidth(390);
    await showApp();
    const button = await toolbar().findByRole('button', { name: 'Notifications' });
    expect(button).toBeVisible();
    // jsdom lays nothing out: the size is the one the button asks for.
    const style = getComputedStyle(button);
    expect(style.width).toBe('40px');
    expect(style.height).toBe('40px');
  });
});

describe('a new notification on the socket', () => {
  it('counts up live and shows a toast at the top centre that hides after 6000 ms; another company’s is left out', { timeout: 30000 }, async () => {
    await showApp();
    await toolbar().findByRole('button', { name: 'Notifications' });
    // Another company's membership: neither counted nor shown here.
    emit({ ...note(40, { memberId: 99, description: 'Elsewhere' }), companyId: 8 });
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: false });
    emit({ ...note(41, { description: 'A damage was reported on P-1' }), companyId: 7 });
    const toast = screen.getByTestId('notification-toast');
    expect(toast).toHaveTextContent('A damage was reported on P-1');
    // Top centre: MUI places the snackbar's root by its anchor.
    expect(toast.parentElement!.className).toMatch(/anchorOriginTopCenter/);
    expect(toolbar().getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByTestId('notification-toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();
    // Real timers come back in afterEach, also when an expectation above fails.
  });

  it('opens what it is about when clicked, like the list', { timeout: 30000 }, async () => {
    const user = await showApp();
    await toolbar().findByRole('button', { name: 'Notifications' });
    bell.rows = [note(42, { type: 'budget--comment', entityId: '3', options: { projectId: 4, eventId: 9 }, description: 'Ann commented on the budget' })];
    emit({ ...bell.rows[0]!, companyId: 7 });
    await user.click(within(screen.getByTestId('notification-toast')).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(currentLocation()).toBe('/projects/4/budget'));
    await waitFor(() => expect(bell.patches).toEqual([{ id: 42, body: { read: true } }]));
    await waitFor(() => expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument());
    await waitFor(() => expect(toolbar().getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
  });
});

describe('the profile’s notification settings', () => {
  it('shows the three categories and e-mail, and saves each switch as it changes', { timeout: 30000 }, async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const card = (await screen.findByText('What you are told about, for each company you work in.')).closest('.MuiCard-root') as HTMLElement;
    const reports = await within(card).findByRole('checkbox', { name: /^Reports/ });
    const delays = within(card).getByRole('checkbox', { name: /^Delays/ });
    const others = within(card).getByRole('checkbox', { name: /^Others/ });
    const email = within(card).getByRole('checkbox', { name: /^Also by e-mail/ });
    expect([reports, delays, others].map((s) => (s as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect((email as HTMLInputElement).checked).toBe(false);

    await user.click(delays);
    await waitFor(() => expect(bell.settingsCalls).toEqual([{ Delays: false }]));
    expect((delays as HTMLInputElement).checked).toBe(false);
    await user.click(email);
    await waitFor(() => expect(bell.settingsCalls).toEqual([{ Delays: false }, { Email: true }]));
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(true));
  });
});
