import 'fake-indexeddb/auto';
import { IDEMPOTENCY_ANSWER_LOST, IDEMPOTENCY_ANSWER_LOST_MESSAGE } from '../../../resources/idempotency.js';
import { backoffDelay } from '../../../src/offline/backoff.js';
import { Outbox } from '../../../src/offline/outbox.js';
import { startOutbox } from '../../../src/offline/start-outbox.js';

/** One call the fake server received. */
interface Call {
  url: string;
  method: string;
  key: string | undefined;
  company: string | undefined;
  body: unknown;
}

type Answer = 'network' | { status: number; body?: unknown };

/** A fetch that answers from a script, in order; once it runs out, 201 with a new id. */
function fakeServer() {
  const calls: Call[] = [];
  const script: Answer[] = [];
  let nextId = 100;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ url, method: init.method ?? 'GET', key: headers['idempotency-key'], company: headers['x-company-id'], body });
    const answer = script.shift() ?? { status: 201, body: { id: nextId++ } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return { calls, script, fetch };
}

const storage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
};

let server: ReturnType<typeof fakeServer>;
let outbox: Outbox;
let dbName: string;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  localStorage.setItem('fieldwork.accessToken', 'token');
  sessionStorage.setItem('fieldwork.companyId', '3');
  dbName = `outbox-${crypto.randomUUID()}`;
  // random 1: the full backoff, so the waits are exact.
  outbox = new Outbox(dbName, () => 1);
});

afterEach(async () => {
  await outbox.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the clock run, then waits for the sending it started. */
async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await outbox.flush();
}

const production = (label: string) => ({ label, method: 'POST' as const, path: '/production', body: { note: label } });

describe('the outbox', () => {
  it('keeps the order across a failure, and every later entry waits for the failing one', async () => {
    // Written offline: nothing is tried until the connection is back.
    const connection = { onLine: false };
    vi.stubGlobal('navigator', connection);
    const a = await outbox.enqueue(production('A'));
    sessionStorage.setItem('fieldwork.companyId', '4');
    await Promise.all([outbox.enqueue(production('B')), outbox.enqueue(production('C'))]);
    await outbox.flush();
    expect(server.calls).toEqual([]);
    connection.onLine = true;
    server.script.push('network');
    await outbox.flush({ now: true });
    expect(server.calls.map((c) => c.body)).toEqual([{ note: 'A' }]);
    const [first] = await outbox.list();
    expect(first).toMatchObject({ id: a.id, state: 'waiting', attempts: 1, lastError: expect.stringMatching(/network/i) });

    await wait(1000);
    expect(server.calls.map((c) => (c.body as { note: string }).note)).toEqual(['A', 'A', 'B', 'C']);
    expect(server.calls[0].key).toBe(server.calls[1].key);
    // Each entry goes in the company it was written in, whatever the tab shows now.
    expect(server.calls.map((c) => c.company)).toEqual(['3', '3', '4', '4']);
    expect(await outbox.list()).toEqual([]);
    expect(outbox.current().waiting).toBe(0);
  });

  it('waits longer after each failed try and starts again from one second', async () => {
    server.script.push({ status: 503 }, { status: 502 }, { status: 429 });
    await outbox.enqueue(production('A'));
    await outbox.flush();
    const waits: number[] = [];
    for (const expected of [1000, 2000, 4000]) {
      const [entry] = await outbox.list();
      waits.push(entry.nextAttemptAt - Date.now());
      const before = server.calls.length;
      await wait(expected - 1);
      expect(server.calls.length).toBe(before);
      await wait(1);
      expect(server.calls.length).toBe(before + 1);
    }
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(await outbox.list()).toEqual([]);

    server.script.push('network');
    await outbox.enqueue(production('B'));
    await outbox.flush();
    const [b] = await outbox.list();
    expect(b.nextAttemptAt - Date.now()).toBe(1000);
  });

  it('doubles up to five minutes, half of it random', () => {
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(2, () => 0)).toBe(1000);
    expect(backoffDelay(9, () => 1)).toBe(256000);
    expect(backoffDelay(10, () => 1)).toBe(300000);
    expect(backoffDelay(40, () => 0)).toBe(150000);
  });

  it('sends a photo retried five times with the same key every time', async () => {
    server.script.push('network', 'network', { status: 500 }, 'network', { status: 503 });
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const entry = await outbox.enqueue({
      label: 'Photo of item 1',
      method: 'POST',
      path: '/production/7/photos',
      body: { form: [{ name: 'itemId', value: '1' }, { name: 'file', file: photo, filename: 'site.jpg' }] },
    });
    await outbox.flush();
    for (const ms of [1000, 2000, 4000, 8000, 16000]) await wait(ms);
    expect(server.calls).toHaveLength(6);
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set([entry.idempotencyKey]));
    const form = server.calls[5].body as FormData;
    expect(form.get('itemId')).toBe('1');
    const file = form.get('file') as File;
    expect(file.name).toBe('site.jpg');
    expect(await file.text()).toBe('jpeg bytes');
    expect(await outbox.list()).toEqual([]);
  });

  it("fills a reference with the earlier entry's answer", async () => {
    server.script.push({ status: 201, body: { id: 42, status: 'draft' } });
    const created = await outbox.enqueue(production('North crew'));
    const ref = { $ref: created.id, field: 'id' };
    await outbox.enqueue({
      label: 'Photo',
      method: 'POST',
      path: ['/production/', ref, '/photos'],
      body: { form: [{ name: 'productionId', value: ref }, { name: 'file', file: new Blob(['x']), filename: 'a.jpg' }] },
    });
    await outbox.enqueue({ label: 'Submit', method: 'PATCH', path: ['/production/', ref], body: { productionId: ref, status: 'submitted' } });
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v1/production',
      'POST /api/v1/production/42/photos',
      'PATCH /api/v1/production/42',
    ]);
    expect((server.calls[1].body as FormData).get('productionId')).toBe('42');
    expect(server.calls[2].body).toEqual({ productionId: 42, status: 'submitted' });
  });

  it('fills a reference to an entry already sent when the dependant comes later, and forgets the answer after ten minutes', async () => {
    server.script.push({ status: 201, body: { id: 77 } });
    const damage = await outbox.enqueue({ label: 'Damage', method: 'POST', path: '/damages', body: { description: 'Nicked a water line' } });
    await outbox.flush();
    await outbox.enqueue({ label: 'Photo', method: 'POST', path: ['/damages/', { $ref: damage.id, field: 'id' }, '/files/files'], body: {} });
    await outbox.flush();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/v1/damages', '/api/v1/damages/77/files/files']);
    expect(await outbox.list()).toEqual([]);

    vi.setSystemTime(Date.now() + 11 * 60_000);
    await outbox.enqueue(production('Later'));
    await outbox.flush();
    await outbox.enqueue({ label: 'Too late', method: 'POST', path: ['/damages/', { $ref: damage.id, field: 'id' }, '/files/files'], body: {} });
    await outbox.flush();
    expect((await outbox.list()).map((e) => [e.label, e.state])).toEqual([['Too late', 'failed']]);
  });

  it('keeps a 409 as a conflict with both versions while independent later entries go', async () => {
    const current = { id: 7, status: 'approved', note: 'approved by the office' };
    server.script.push({ status: 409, body: { error: { code: 'CONFLICT', message: 'The production was approved meanwhile', current } } });
    const amended = await outbox.enqueue({ label: 'Amend', method: 'PATCH', path: '/production/7', body: { note: 'crew edit' } });
    await outbox.enqueue({ label: 'After', method: 'PATCH', path: ['/production/', { $ref: amended.id, field: 'id' }], body: {} });
    await outbox.enqueue(production('Independent'));
    await outbox.flush();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/v1/production/7', '/api/v1/production']);
    const [conflict, dependant] = await outbox.list();
    expect(conflict).toMatchObject({
      state: 'conflict',
      lastError: 'The production was approved meanwhile',
      errorCode: 'CONFLICT',
      body: { note: 'crew edit' },
      answer: current,
    });
    expect(dependant).toMatchObject({ label: 'After', state: 'waiting', attempts: 0 });
    expect(outbox.current().waiting).toBe(2);
  });

  it('holds the dependants of a failed entry until it is retried by hand', async () => {
    server.script.push({ status: 400, body: { error: { message: 'quantity: must be a number' } } });
    const failed = await outbox.enqueue(production('Bad'));
    await outbox.enqueue({ label: 'Its photo', method: 'POST', path: ['/production/', { $ref: failed.id, field: 'id' }, '/photos'], body: {} });
    await outbox.enqueue(production('Other'));
    await outbox.flush();
    await wait(10 * 60 * 1000);
    expect(server.calls.map((c) => (c.body as { note?: string })?.note)).toEqual(['Bad', 'Other']);
    expect((await outbox.list()).map((e) => [e.label, e.state])).toEqual([
      ['Bad', 'failed'],
      ['Its photo', 'waiting'],
    ]);

    server.script.push({ status: 201, body: { id: 9 } });
    await outbox.retry(failed.id);
    await outbox.flush();
    // The server kept the refusal under the first key: the retry goes as a new request.
    expect(server.calls[2].key).not.toBe(server.calls[0].key);
    expect(server.calls.at(-1)?.url).toBe('/api/v1/production/9/photos');
    expect(await outbox.list()).toEqual([]);
  });

  it('fails the dependants of a discarded entry', async () => {
    server.script.push({ status: 409, body: { error: { message: 'Approved meanwhile' } } });
    const refused = await outbox.enqueue(production('Refused'));
    await outbox.enqueue({ label: 'Its photo', method: 'POST', path: ['/production/', { $ref: refused.id, field: 'id' }, '/photos'], body: {} });
    await outbox.flush();
    await outbox.discard(refused.id);
    await outbox.flush();
    expect(server.calls).toHaveLength(1);
    expect(await outbox.list()).toMatchObject([{ label: 'Its photo', state: 'failed', lastError: 'The entry this one depends on was discarded' }]);
  });

  it('takes an entry the server stored but whose answer it lost as sent, and fails what needed that answer, saying why', async () => {
    server.script.push({ status: 503, body: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable right now.' } } });
    server.script.push({ status: 409, body: { error: { code: IDEMPOTENCY_ANSWER_LOST, message: IDEMPOTENCY_ANSWER_LOST_MESSAGE } } });
    const stored = await outbox.enqueue(production('Stored'));
    await outbox.enqueue({ label: 'Its photo', method: 'POST', path: ['/production/', { $ref: stored.id, field: 'id' }, '/photos'], body: {} });
    await outbox.enqueue(production('Next'));
    await outbox.flush();
    await wait(1000);
    // Sent twice with one key: the server stored it once; nothing asks the crew to send it again.
    expect(server.calls.map((c) => (c.body as { note?: string })?.note)).toEqual(['Stored', 'Stored', 'Next']);
    expect(server.calls[1].key).toBe(server.calls[0].key);
    expect(await outbox.list()).toMatchObject([
      { label: 'Its photo', state: 'failed', lastError: 'The entry this one depends on was saved, but its answer was lost: reload, then enter this again' },
    ]);
  });

  it('keeps its entries, photos and keys when the page is closed and opened again', async () => {
    server.script.push('network');
    const entry = await outbox.enqueue({
      label: 'Photo',
      method: 'POST',
      path: '/production/7/photos',
      body: { form: [{ name: 'file', file: new Blob(['photo']), filename: 'p.jpg' }] },
    });
    await outbox.flush();
    await outbox.close();

    outbox = new Outbox(dbName, () => 1);
    const [kept] = await outbox.list();
    expect(kept).toMatchObject({ id: entry.id, idempotencyKey: entry.idempotencyKey, attempts: 1, state: 'waiting' });
    await outbox.flush({ now: true });
    expect(server.calls.map((c) => c.key)).toEqual([entry.idempotencyKey, entry.idempotencyKey]);
    expect(await ((server.calls[1].body as FormData).get('file') as File).text()).toBe('photo');
    expect(await outbox.list()).toEqual([]);
  });

  it('sends on start, when the connection returns and when the page is shown again, and asks to keep its storage', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const connection = { onLine: true, storage: { persist: vi.fn(async () => true) } };
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', page);
    vi.stubGlobal('navigator', connection);
    server.script.push('network');
    await outbox.enqueue(production('A'));
    await outbox.flush();
    expect(server.calls).toHaveLength(1);

    const stop = startOutbox(outbox);
    expect(connection.storage.persist).toHaveBeenCalled();
    await outbox.flush();
    // Started: sent at once, whatever the backoff said.
    expect(server.calls).toHaveLength(2);

    for (const [target, event, visibility] of [
      [window, 'online', 'hidden'],
      [document, 'visibilitychange', 'visible'],
    ] as const) {
      server.script.push('network');
      await outbox.enqueue(production(event));
      await outbox.flush();
      expect(await outbox.list()).toHaveLength(1);
      page.visibilityState = visibility;
      target.dispatchEvent(new Event(event));
      await outbox.flush();
      expect(await outbox.list()).toEqual([]);
    }
    expect(server.calls.map((c) => (c.body as { note: string }).note)).toEqual(['A', 'A', 'online', 'online', 'visibilitychange', 'visibilitychange']);
    stop();
  });
});
