import { z } from 'zod';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000), so no text the API takes may: refused
 * here, with a message, rather than failing in the database on one engine and not the other.
 */
export const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';

const NO_NUL = /^[^\u0000]*$/;

/** A string schema for any text the API or a form takes; chain trim, min, max and the rest as on z.string(). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(NO_NUL, NUL_MESSAGE);

/** The same rule for text that is read outside a schema (upload file names, headers). */
export const hasNul = (value: string) => !NO_NUL.test(value);
