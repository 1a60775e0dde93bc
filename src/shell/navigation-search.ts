import type { VisibleNavGroup } from '../../permissions';

/** One screen the user can reach, as the search, the shortcuts and the folded navbar list it. */
export interface NavEntry {
  id: string;
  /** The title the user sees (titleFor applied: Check in for crew leaders). */
  title: string;
  url: string;
  /** The group it sits in (Production, Manage…), or null for the top entries. */
  group: string | null;
}

/** Spec 01 §9: search suggestions at most 10. */
export const MAX_SUGGESTIONS = 10;

/** The visible navigation as one list, in the order the navbar shows it. */
export function flattenNavigation(nav: { top: VisibleNavGroup['items']; groups: VisibleNavGroup[] }): NavEntry[] {
  return [
    ...nav.top.map((i) => ({ ...i, group: null })),
    ...nav.groups.flatMap((g) => g.items.map((i) => ({ ...i, group: g.title }))),
  ];
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/**
 * How well an entry answers the query: 0 is no match. Every word typed must be found: at the start
 * of a word of the title ("inv" finds Invoices), at the start of a word of its group ("rep inv" the
 * invoices report), or anywhere in the title ("voice"). Titles starting with the query rank first,
 * then word matches in the title, then matches through the group, then matches inside words.
 */
function score(entry: NavEntry, queryWords: string[], query: string): number {
  const title = entry.title.toLowerCase();
  const titleWords = words(entry.title);
  const groupWords = entry.group ? words(entry.group) : [];
  let viaGroup = false;
  let inside = false;
  for (const q of queryWords) {
    if (titleWords.some((w) => w.startsWith(q))) continue;
    if (groupWords.some((w) => w.startsWith(q))) viaGroup = true;
    else if (title.includes(q)) inside = true;
    else return 0;
  }
  if (title.startsWith(query)) return 4;
  if (inside) return 1;
  return viaGroup ? 2 : 3;
}

/** The suggestions for a query: best first, navigation order among equals, at most `limit`. */
export function searchNavigation(entries: NavEntry[], query: string, limit = MAX_SUGGESTIONS): NavEntry[] {
  const q = query.trim().toLowerCase();
  const qWords = words(q);
  if (qWords.length === 0) return [];
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry, qWords, q) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.entry);
}
