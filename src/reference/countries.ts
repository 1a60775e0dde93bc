/**
 * Countries as { id: two-letter code, name }, named by the browser's own region names so no list
 * needs keeping. Codes that are not countries (EU, UN, private-use ranges) are left out.
 */
// Groupings, the unknown region and retired codes that still have names (UK for GB, BU for MM, ...).
const NOT_COUNTRIES = new Set(
  'AA AN BU CS DD DY EU EZ FX HV NH NT RH SU TP UK UN VD YD YU ZR ZZ'.split(' '),
);

let cache: Array<{ id: string; name: string }> | null = null;

export function countries(): Array<{ id: string; name: string }> {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const list: Array<{ id: string; name: string }> = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || code.startsWith('Q') || code.startsWith('X')) continue;
      const name = names.of(code);
      if (name && name !== code) list.push({ id: code, name });
    }
  }
  cache = list.sort((x, y) => x.name.localeCompare(y.name));
  return cache;
}
