/**
 * Idempotent writes (issue 21, the IETF draft "The Idempotency-Key HTTP Header Field"): a signed-in
 * write that carries this header is done once; a retry with the same key gets the first answer again,
 * marked with the replayed header, for 24 hours. The client picks the key (a UUID per outbox entry).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** 1 to 255 visible ASCII characters (no spaces). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key: 1 to 255 visible ASCII characters (letters, digits, punctuation; no spaces)';
/**
 * A retry's answer (409) when the first request's writes were stored but its answer was lost (the
 * database went away as it finished): nothing is written again. The outbox takes it as sent.
 */
export const IDEMPOTENCY_ANSWER_LOST = 'IDEMPOTENCY_ANSWER_LOST';
export const IDEMPOTENCY_ANSWER_LOST_MESSAGE =
  'This request was already carried out, but its answer was lost when the server lost its database: reload to see the result';
