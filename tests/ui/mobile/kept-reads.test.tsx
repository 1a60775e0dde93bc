import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readThrough, setReadOwner } from '../../../src/mobile/data/cached-read';
import { keptNow, lastKeptAt } from '../../../src/mobile/data/kept-at';
import { setTabCompanyId } from '../../../src/session/active-company';
import { fakeToken } from '../fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PATH = '/projects?_end=100&_sort=projectName&_order=asc';

describe('what the phone keeps for a site without signal', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    setTabCompanyId(7);
  });

  it("answers a person's own kept copy offline, and never another person's or another company's", async () => {
    setReadOwner(1);
    server.use(http.get('/api/v1/projects', () => HttpResponse.json([{ id: 3, projectName: 'Elm Street' }])));
    const online = await readThrough<Array<{ id: number }>>(PATH);
    expect(online.offline).toBe(false);

    server.use(http.all('/api/v1/*', () => HttpResponse.error()));
    const kept = await readThrough<Array<{ id: number }>>(PATH);
    expect(kept).toMatchObject({ offline: true, data: [{ id: 3, projectName: 'Elm Street' }] });

    setReadOwner(2);
    await expect(readThrough(PATH)).rejects.toMatchObject({ statusCode: 0 });
    setReadOwner(1);
    setTabCompanyId(8);
    await expect(readThrough(PATH)).rejects.toMatchObject({ statusCode: 0 });
  });

  it('dates the kept day per person and company: a second crew leader on the same phone has nothing kept yet', () => {
    setReadOwner(1);
    expect(lastKeptAt()).toBeNull();
    const before = Date.now();
    keptNow();
    expect(lastKeptAt()).toBeGreaterThanOrEqual(before);

    setReadOwner(2);
    expect(lastKeptAt()).toBeNull();
    setReadOwner(1);
    setTabCompanyId(8);
    expect(lastKeptAt()).toBeNull();
    setTabCompanyId(7);
    expect(lastKeptAt()).toBeGreaterThanOrEqual(before);
  });
});
