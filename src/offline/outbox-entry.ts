import type { OutboxRef } from './references';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue } | OutboxRef;

export type FormPart = { name: string; value: string | OutboxRef } | { name: string; file: Blob; filename: string };

/** A multipart body (photos); anything else is sent as JSON. */
export interface FormBody {
  form: FormPart[];
}

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict';

export interface OutboxEntry {
  id: string;
  /** The place in the queue: entries are sent in this order. */
  seq: number;
  /** What the crew reads, e.g. "Production of North crew, Dec 3". */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path with references is written in parts: ['/production/', { $ref, field: 'id' }, '/photos']. */
  path: string | Array<string | OutboxRef>;
  body?: JsonValue | FormBody;
  idempotencyKey: string;
  /** The company the entry was written in, sent as X-Company-Id whatever the tab shows when it goes. */
  companyId: number | null;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError: string | null;
  /** The server's error code of a conflict or failure (IDEMPOTENCY_KEY_IN_USE keeps the key on retry). */
  errorCode?: string;
  /** On a conflict, the server's current version when it answered one, for a screen to show beside `body`. */
  answer?: unknown;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'label' | 'method' | 'path' | 'body'>;

export function isFormBody(body: OutboxEntry['body']): body is FormBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    Array.isArray((body as FormBody).form) &&
    (body as FormBody).form.every((p) => typeof p === 'object' && p !== null && 'name' in p)
  );
}
