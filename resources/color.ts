import { text } from './text.js';

/** Spec 02 §5: a colour is a 3 or 6 digit hex value, otherwise 'Bad Hex'. */
export const BAD_HEX = 'Bad Hex';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * An optional colour: empty means none; the leading # may be left out when typing and is stored,
 * lower-cased, so equal colours compare equal.
 */
export const hexColor = text({ error: BAD_HEX })
  .trim()
  .refine((v) => v === '' || HEX.test(v), BAD_HEX)
  .transform((v) => (v === '' ? null : `#${v.replace(/^#/, '').toLowerCase()}`))
  .nullable()
  .optional()
  .transform((v) => v ?? null);
