import { IDEMPOTENCY_ANSWER_LOST } from '../../resources/idempotency';
import { ApiError, apiFetch } from '../api/http';
import { tabCompanyId } from '../session/active-company';
import { backoffDelay } from './backoff';
import { type NewOutboxEntry, type OutboxEntry, isFormBody } from './outbox-entry';
import { UnresolvedRef, isRef, refsIn, resolveRefs } from './references';
import { ANSWERS, ENTRIES, OfflineStore } from './store';

export interface OutboxSnapshot {
  /** Everything not yet accepted by the server, whatever its state: the count the crew sees. */
  waiting: number;
  entries: OutboxEntry[];
}

type Listener = (snapshot: OutboxSnapshot) => void;
type Outcome = 'sent' | 'later' | 'held';

const IN_USE = 'IDEMPOTENCY_KEY_IN_USE';
const ANSWER_KEPT_MS = 10 * 60_000;
const DISCARDED = 'The entry this one depends on was discarded';
const DEPENDENCY_ANSWER_LOST = 'The entry this one depends on was saved, but its answer was lost: reload, then enter this again';

/** An answer as kept: `lost` when the server stored the entry but could not say what it made. */
interface KeptAnswer {
  id: string;
  answer?: unknown;
  lost?: boolean;
  at?: number;
}

/** Worth trying again by itself: the network, the server's own trouble, or a session to renew. */
function isPassing(error: ApiError): boolean {
  const s = error.statusCode;
  return s === 0 || s >= 500 || s === 408 || s === 429 || s === 401;
}

function dependencies(entry: OutboxEntry): Set<string> {
  return refsIn(entry.body, refsIn(entry.path));
}

function byQueue(a: OutboxEntry, b: OutboxEntry) {
  return a.seq - b.seq || a.createdAt - b.createdAt;
}

/**
 * The writes made on the device, waiting for the server: sent one at a time in the order they were
 * made, each with its own Idempotency-Key on every try, so a retry never does a thing twice.
 */
export class Outbox {
  private readonly store: OfflineStore;
  private readonly listeners = new Set<Listener>();
  private snapshot: OutboxSnapshot = { waiting: 0, entries: [] };
  private running: Promise<void> | null = null;
  private again: 'no' | 'yes' | 'now' = 'no';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private enqueued: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly name = 'fieldwork-outbox',
    private readonly random: () => number = Math.random,
  ) {
    this.store = new OfflineStore(name);
  }

  /** Enqueues one after another, so that entries made together (a production and its photos) keep their order. */
  enqueue(entry: NewOutboxEntry): Promise<OutboxEntry> {
    const stored = this.enqueued.then(() => this.add(entry));
    this.enqueued = stored.catch(() => undefined);
    return stored;
  }

  private async add(entry: NewOutboxEntry): Promise<OutboxEntry> {
    const entries = await this.list();
    const now = Date.now();
    const stored: OutboxEntry = {
      ...entry,
      id: crypto.randomUUID(),
      seq: (entries.at(-1)?.seq ?? 0) + 1,
      idempotencyKey: crypto.randomUUID(),
      companyId: tabCompanyId(),
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      state: 'waiting',
      lastError: null,
    };
    await this.store.put(ENTRIES, stored);
    await this.publish();
    void this.flush();
    return stored;
  }

  async list(): Promise<OutboxEntry[]> {
    return (await this.store.all<OutboxEntry>(ENTRIES)).sort(byQueue);
  }

  /** Sends the entry now (with those before it, in order); a refused one is sent again as new. */
  async retry(id: string): Promise<void> {
    const entry = await this.store.get<OutboxEntry>(ENTRIES, id);
    if (!entry || entry.state === 'sending') return;
    // The server keeps a refusal under its key and would answer it again; a refused write changed
    // nothing, so a new key does nothing twice. A key still running must keep its key.
    const refused = entry.state !== 'waiting' && entry.errorCode !== IN_USE;
    await this.store.put(ENTRIES, {
      ...entry,
      state: 'waiting',
      nextAttemptAt: Date.now(),
      idempotencyKey: refused ? crypto.randomUUID() : entry.idempotencyKey,
      errorCode: undefined,
      answer: undefined,
    });
    await this.publish();
    await this.flush({ now: true });
  }

  async discard(id: string): Promise<void> {
    await this.store.delete(ENTRIES, id);
    await this.pruneAnswers();
    await this.publish();
  }

  /**
   * Sends what may go. `now` ignores the backoff (the connection came back, the crew asked); without
   * it, an entry waiting for its next try holds itself and everything after it.
   */
  flush(options: { now?: boolean } = {}): Promise<void> {
    if (this.running) {
      if (options.now || this.again === 'no') this.again = options.now ? 'now' : 'yes';
      return this.running;
    }
    this.running = (async () => {
      let now = options.now ?? false;
      for (;;) {
        await this.exclusively(() => this.pass(now));
        if (this.again === 'no') break;
        now = this.again === 'now';
        this.again = 'no';
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.snapshot);
    void this.publish();
    return () => this.listeners.delete(listener);
  }

  current(): OutboxSnapshot {
    return this.snapshot;
  }

  /** Stops the timer and closes the database (the page closing, in tests). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.store.close();
  }

  /** Two tabs of the app share the database: one of them sends at a time. */
  private async exclusively(pass: () => Promise<void>): Promise<void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) await locks.request(this.name, pass);
    else await pass();
  }

  private async pass(ignoreBackoff: boolean): Promise<void> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const kept = await this.store.all<KeptAnswer>(ANSWERS);
    const answers = new Map(kept.filter((a) => !a.lost).map((a) => [a.id, a.answer]));
    const lost = new Set(kept.filter((a) => a.lost).map((a) => a.id));
    const entries = await this.list();
    const present = new Set(entries.map((e) => e.id));
    // Entries whose dependants must wait: refused ones, and those waiting on them.
    const held = new Set<string>();
    for (const entry of entries) {
      if (entry.state === 'failed' || entry.state === 'conflict') {
        held.add(entry.id);
        continue;
      }
      const needs = [...dependencies(entry)];
      if (needs.some((id) => held.has(id))) {
        held.add(entry.id);
        continue;
      }
      const answerLost = needs.some((id) => lost.has(id));
      if (answerLost || needs.some((id) => !answers.has(id) && !present.has(id))) {
        await this.refuse(entry, answerLost ? DEPENDENCY_ANSWER_LOST : DISCARDED);
        held.add(entry.id);
        continue;
      }
      if (!ignoreBackoff && entry.nextAttemptAt > Date.now()) {
        this.wake(entry.nextAttemptAt);
        return;
      }
      const outcome = await this.send(entry, answers, lost);
      if (outcome === 'later') return;
      if (outcome === 'held') held.add(entry.id);
    }
  }

  private async send(entry: OutboxEntry, answers: Map<string, unknown>, lost: Set<string>): Promise<Outcome> {
    await this.store.put(ENTRIES, { ...entry, state: 'sending' });
    await this.publish();
    try {
      const path = typeof entry.path === 'string' ? entry.path : resolveRefs(entry.path, answers).join('');
      const { data } = await apiFetch<unknown>(path, {
        method: entry.method,
        body: this.bodyOf(entry, answers),
        headers: entry.companyId ? { 'x-company-id': String(entry.companyId) } : undefined,
        idempotencyKey: entry.idempotencyKey,
        quiet: true,
      });
      await this.store.delete(ENTRIES, entry.id);
      // Kept even with no dependant yet: a screen may enqueue the photos of a damage after the damage went.
      await this.store.put(ANSWERS, { id: entry.id, answer: data, at: Date.now() });
      answers.set(entry.id, data);
      await this.pruneAnswers();
      await this.publish();
      return 'sent';
    } catch (error) {
      if (error instanceof UnresolvedRef || !(error instanceof ApiError)) {
        await this.refuse(entry, (error as Error).message);
        return 'held';
      }
      if (error.code === IDEMPOTENCY_ANSWER_LOST) {
        // Stored by the server once already: sending it again would not store it twice, so it is sent.
        await this.store.delete(ENTRIES, entry.id);
        await this.store.put(ANSWERS, { id: entry.id, lost: true, at: Date.now() });
        lost.add(entry.id);
        await this.publish();
        return 'sent';
      }
      const attempts = entry.attempts + 1;
      if (isPassing(error)) {
        const nextAttemptAt = Date.now() + backoffDelay(attempts, this.random);
        await this.update(entry, { state: 'waiting', attempts, nextAttemptAt, lastError: error.message });
        this.wake(nextAttemptAt);
        return 'later';
      }
      const conflict = error.statusCode === 409 || error.statusCode === 422;
      const current = (error.body as { error?: { current?: unknown } } | undefined)?.error?.current;
      await this.update(entry, {
        state: conflict ? 'conflict' : 'failed',
        attempts,
        lastError: error.message,
        errorCode: error.code,
        answer: conflict ? current : undefined,
      });
      return 'held';
    }
  }

  private bodyOf(entry: OutboxEntry, answers: Map<string, unknown>): unknown {
    if (!isFormBody(entry.body)) return resolveRefs(entry.body, answers);
    const form = new FormData();
    for (const part of entry.body.form) {
      if ('file' in part) form.append(part.name, part.file, part.filename);
      else form.append(part.name, String(isRef(part.value) ? resolveRefs(part.value, answers) : part.value));
    }
    return form;
  }

  private async refuse(entry: OutboxEntry, message: string) {
    await this.update(entry, { state: 'failed', lastError: message });
  }

  /** Writes the entry's new state unless it was discarded while it was being sent. */
  private async update(entry: OutboxEntry, change: Partial<OutboxEntry>) {
    if (!(await this.store.get(ENTRIES, entry.id))) return;
    await this.store.put(ENTRIES, { ...entry, ...change });
    await this.publish();
  }

  /** Answers are kept while an entry refers to them, and for a while after they came for one still to be written. */
  private async pruneAnswers() {
    const needed = new Set((await this.list()).flatMap((e) => [...dependencies(e)]));
    const stale = Date.now() - ANSWER_KEPT_MS;
    for (const { id, at } of await this.store.all<KeptAnswer>(ANSWERS)) {
      if (!needed.has(id) && (at ?? 0) < stale) await this.store.delete(ANSWERS, id);
    }
  }

  private wake(at: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, Math.max(0, at - Date.now()));
  }

  private async publish() {
    const entries = await this.list();
    this.snapshot = { waiting: entries.length, entries };
    this.listeners.forEach((l) => l(this.snapshot));
  }
}

/** The app's one outbox. */
export const outbox = new Outbox();
