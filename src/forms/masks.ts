/** Input masks of spec 01 §5, where 9 stands for a digit: phone, zip and EIN. */
export const MASKS = {
  phone: '+9 999 999 9999',
  zip: '99999',
  ein: '99-9999999',
} as const;

/** Formats typed text into the mask: digits fill the 9s, literals are inserted, the rest is dropped. */
export function applyMask(value: string, mask: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let d = 0;
  for (const ch of mask) {
    if (d >= digits.length) break;
    if (ch === '9') out += digits[d++];
    else out += ch;
  }
  return out;
}

/**
 * Capitalises the first letter of each word, for person names (spec 01 §5): it never lowers a letter
 * nor touches one past a word's first, so 'McDonald' stays. Organisation names are kept as typed.
 */
export function capitalizeWords(value: string): string {
  return value.replace(/(^|\s)(\p{L})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
}
