import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company, fakeToken, fakeUser } from './fixtures';

/** What the shell tests' server has been sent, and the user it answers with. */
export const shellState = {
  me: fakeUser('Owner'),
  shortcutCalls: [] as unknown[],
  profileCalls: [] as unknown[],
};

/** The toolbar, the dashboard and the profile answered; other calls of the shell (bells, chat) get an empty answer. */
export const shellServer = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: shellState.me })),
  http.patch('/api/v1/users/me/shortcuts', async ({ request }) => {
    const body = (await request.json()) as { shortcuts: string[] };
    shellState.shortcutCalls.push(body);
    shellState.me = { ...shellState.me, shortcuts: body.shortcuts };
    return HttpResponse.json({ user: shellState.me });
  }),
  http.patch('/api/v1/users/me', async ({ request }) => {
    const body = (await request.json()) as { settings?: object };
    shellState.profileCalls.push(body);
    shellState.me = { ...shellState.me, settings: { ...shellState.me.settings, ...(body.settings ?? {}) } } as typeof shellState.me;
    return HttpResponse.json({ user: shellState.me });
  }),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/*', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);

export function listenShellServer() {
  beforeAll(() =>
    shellServer.listen({
      // The real-time socket has no server here; the shell goes on without it.
      onUnhandledRequest: (req, print) => {
        if (!new URL(req.url).pathname.startsWith('/socket.io')) print.error();
      },
    }),
  );
  beforeEach(() => {
    shellState.me = fakeUser('Owner');
    shellState.shortcutCalls.length = 0;
    shellState.profileCalls.length = 0;
    localStorage.setItem('fieldwork.accessToken', fakeToken());
  });
  afterEach(() => shellServer.resetHandlers());
  afterAll(() => shellServer.close());
}

/** jsdom has no media queries: answer MUI's breakpoints as a window `width` pixels wide would. */
export function setViewportWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}
