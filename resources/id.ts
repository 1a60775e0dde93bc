import { z } from 'zod';

/**
 * Row ids are 32-bit integer columns on both databases (`serial` on PostgreSQL), so a larger number
 * can name no row; refusing it here keeps it from ever reaching a query, where PostgreSQL would fail.
 */
export const MAX_ID = 2_147_483_647;

export const ID_MESSAGE = 'Must be an id';

/** An id in a JSON body: a whole number from 1 to MAX_ID. */
export const id = (message = ID_MESSAGE) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * An id that arrives as text (a path segment, a query value, a header): decimal digits only, so
 * '0x1', '1e3' or ' 1' name no row, then the same rule as in a body.
 */
export const idParam = (message = ID_MESSAGE) =>
  z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(id(message));
