import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SOCKET_EVENTS, type LiveEvent } from '../../resources/realtime';
import { apiFetch } from '../../src/api/http';
import { RealtimeClient, realtime, type RealtimeSocket } from '../../src/realtime/client';
import { liveProvider, matchesSubscription } from '../../src/realtime/live-provider';
import { fakeToken, fakeUser } from './fixtures';
import { productionStore } from './productions-fixtures';
import { renderApp } from './render-app';

/** A socket.io socket as far as the client uses it, recording what it was asked. */
function fakeSocket() {
  const handlers = new Map<string, Array<(...args: any[]) => void>>();
  const socket = {
    connected: false,
    emitted: [] as Array<[string, unknown]>,
    closed: false,
    on(event: string, fn: (...args: any[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    onAny(fn: (...args: any[]) => void) {
      handlers.set('*', [...(handlers.get('*') ?? []), fn]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      socket.emitted.push([event, payload]);
      return socket;
    },
    disconnect() {
      socket.closed = true;
      return socket;
    },
    /** What the server would send. */
    receive(event: string, raw: unknown) {
      handlers.get('*')?.forEach((fn) => fn(event, raw));
    },
    fire(event: 'connect' | 'disconnect') {
      socket.connected = event === 'connect';
      handlers.get(event)?.forEach((fn) => fn());
    },
  };
  return socket;
}

const live = (resource: string, ids: Array<number | string>, type: LiveEvent['type'] = 'updated'): string =>
  JSON.stringify({ channel: `resources/${resource}`, type, payload: { ids }, date: '2026-03-01T10:00:00.000Z' });

describe('the real-time client', () => {
  it('opens one socket per session token, tells it of a new active company, and closes it on logout', () => {
    const sockets: Array<ReturnType<typeof fakeSocket>> = [];
    const auths: unknown[] = [];
    const client = new RealtimeClient((auth) => {
      auths.push(auth);
      const s = fakeSocket();
      sockets.push(s);
      return s as unknown as RealtimeSocket;
    });
    client.connect('token-1', 7);
    client.connect('token-1', 7);
    expect(auths).toEqual([{ 'auth-token': 'token-1', companyId: 7 }]);
    client.connect('token-1', 8);
    expect(sockets[0]!.emitted).toEqual([[SOCKET_EVENTS.activeCompany, { companyId: 8 }]]);
    client.connect('token-2', 8);
    expect(sockets[0]!.closed).toBe(true);
    expect(auths[1]).toEqual({ 'auth-token': 'token-2', companyId: 8 });
    client.disconnect();
    expect(sockets[1]!.closed).toBe(true);
  });

  it("sends the connected socket's id with each API call, so the change's live events skip this tab, and stops when it disconnects", async () => {
    const seen: Array<string | null> = [];
    const server = setupServer(http.get('/api/v1/ping', ({ request }) => (seen.push(request.headers.get('x-socket-id')), HttpResponse.json({}))));
    server.listen();
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    try {
      const socket = Object.assign(fakeSocket(), { id: 'tab-socket-1' });
      const client = new RealtimeClient(() => socket as unknown as RealtimeSocket);
      client.connect('token-1', 7);
      await apiFetch('/ping');
      socket.fire('connect');
      await apiFetch('/ping');
      socket.fire('disconnect');
      await apiFetch('/ping');
      expect(seen).toEqual([null, 'tab-socket-1', null]);
      client.disconnect();
    } finally {
      server.close();
    }
  });

  it('passes parsed payloads to listeners across reconnections, and logs and raises an unparseable one without passing it on', () => {
    let current = fakeSocket();
    const client = new RealtimeClient(() => (current = fakeSocket()) as unknown as RealtimeSocket);
    const raised: Array<[string, string]> = [];
    client.onError = (error, event) => raised.push([event, error.message]);
    const heard: unknown[] = [];
    const off = client.on(SOCKET_EVENTS.notification, (payload) => heard.push(payload));
    const states: boolean[] = [];
    client.onConnectionChange((c) => states.push(c));

    client.connect('token-1', 7);
    current.fire('connect');
    current.receive(SOCKET_EVENTS.notification, '{"id":1}');
    client.connect('token-2', 7);
    current.fire('connect');
    current.receive(SOCKET_EVENTS.notification, '{"id":2}');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    current.receive(SOCKET_EVENTS.notification, '{not json');
    current.receive(SOCKET_EVENTS.chatMessage, { already: 'an object' });

    expect(heard).toEqual([{ id: 1 }, { id: 2 }]);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(raised.map(([event]) => event)).toEqual([SOCKET_EVENTS.notification, SOCKET_EVENTS.chatMessage]);
    expect(raised[0]![1]).toMatch(/not valid JSON/);
    expect(client.connected).toBe(true);
    expect(states).toEqual([true, false, true]);
    off();
    current.receive(SOCKET_EVENTS.notification, '{"id":3}');
    expect(heard).toHaveLength(2);
    logged.mockRestore();
  });

  it("the live provider hands a list every event of its resource, and one record only its own id's or an event without ids", () => {
    const event = (ids: number[]) => JSON.parse(live('productions', ids)) as LiveEvent;
    const channel = 'resources/productions';
    expect(matchesSubscription(event([3]), { channel, types: ['*'], params: { subscriptionType: 'useList' } })).toBe(true);
    expect(matchesSubscription(event([3]), { channel, types: ['*'], params: { subscriptionType: 'useOne', id: '3' } })).toBe(true);
    expect(matchesSubscription(event([4]), { channel, types: ['*'], params: { subscriptionType: 'useOne', id: 3 } })).toBe(false);
    expect(matchesSubscription(event([]), { channel, types: ['*'], params: { subscriptionType: 'useOne', id: 3 } })).toBe(true);
    expect(matchesSubscription(event([3]), { channel: 'resources/tasks', types: ['*'] })).toBe(false);
    expect(matchesSubscription(event([3]), { channel, types: ['deleted'] })).toBe(false);

    const client = new RealtimeClient(() => fakeSocket() as unknown as RealtimeSocket);
    const provider = liveProvider(client);
    const got: unknown[] = [];
    const sub = provider.subscribe({ channel, types: ['*'], params: { subscriptionType: 'useOne', id: 3 }, callback: (e) => got.push(e) });
    client.dispatch(SOCKET_EVENTS.live, live('productions', [4]));
    client.dispatch(SOCKET_EVENTS.live, live('productions', [3]));
    provider.unsubscribe(sub);
    client.dispatch(SOCKET_EVENTS.live, live('productions', [3]));
    expect(got).toEqual([expect.objectContaining({ channel, payload: { ids: [3] }, date: new Date('2026-03-01T10:00:00.000Z') })]);
  });
});

describe('live updates in the app', { timeout: 40000 }, () => {
  const server = setupServer();
  let requests: string[] = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'bypass' });
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET') requests.push(new URL(request.url).pathname);
    });
  });
  beforeEach(() => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    requests = [];
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const count = (path: string) => requests.filter((p) => p === path).length;

  it("an engine grid refetches when another user changes its resource's rows, and not for another resource", async () => {
    const rows = [{ id: 1, companyId: 7, name: 'Trenching', description: 'Open cut', createdAt: '2026-01-01T00:00:00.000Z' }];
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
      http.get('/api/v1/companies/7/task-types', () => HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } })),
    );
    renderApp('/task-types');
    expect(await screen.findByText('Trenching')).toBeInTheDocument();
    const before = count('/api/v1/companies/7/task-types');

    act(() => realtime.dispatch(SOCKET_EVENTS.live, live('damage-types', [], 'created')));
    rows.push({ id: 2, companyId: 7, name: 'Boring', description: 'Directional', createdAt: '2026-01-02T00:00:00.000Z' });
    act(() => realtime.dispatch(SOCKET_EVENTS.live, live('task-types', [], 'created')));
    expect(await screen.findByText('Boring')).toBeInTheDocument();
    // The rows already shown stay while the grid refetches.
    expect(screen.getByText('Trenching')).toBeInTheDocument();
    expect(count('/api/v1/companies/7/task-types')).toBe(before + 1);
  });

  it('the production page shows another user’s change to it without a reload, and ignores other productions', async () => {
    const store = productionStore();
    server.use(...store.handlers);
    renderApp('/productions/inspect/1');
    const items = await screen.findByRole('table', { name: 'Production items' });
    expect(screen.getByText(/North crew/)).toBeInTheDocument();
    await waitFor(() => expect(count('/api/v1/production/1')).toBe(1));

    act(() => realtime.dispatch(SOCKET_EVENTS.live, live('productions', [2])));
    await new Promise((r) => setTimeout(r, 200));
    expect(count('/api/v1/production/1')).toBe(1);

    store.state.productions[0] = { ...store.state.productions[0]!, crewName: 'West crew' };
    act(() => {
      realtime.dispatch(SOCKET_EVENTS.live, live('productions', [1]));
      realtime.dispatch(SOCKET_EVENTS.live, live('production-siblings', [1]));
    });
    // No loading state in between: the items stay on screen while the production loads again.
    expect(items).toBeInTheDocument();
    expect(await screen.findByText(/West crew/)).toBeInTheDocument();
    expect(within(items).getAllByRole('row').length).toBeGreaterThan(1);
  });

  it('an unparseable real-time message is shown in the error dialog', async () => {
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
      http.get('/api/v1/companies/7/task-types', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    renderApp('/task-types');
    await screen.findByRole('heading', { name: /Task types/i });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => realtime.dispatch(SOCKET_EVENTS.notification, '<html>'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(/Real-time message is not valid JSON/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
