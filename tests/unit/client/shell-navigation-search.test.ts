import { navigationFor } from '../../../permissions/index.js';
import { flattenNavigation, MAX_SUGGESTIONS, searchNavigation, type NavEntry } from '../../../src/shell/navigation-search.js';
import { matchShortcut } from '../../../src/shell/keyboard-shortcuts.js';
import { CLAIMS, CREW_LEADER, OWNER } from '../permissions/profiles.js';

const titles = (found: NavEntry[]) => found.map((e) => `${e.title}${e.group ? ` (${e.group})` : ''}`);
const ownerEntries = flattenNavigation(navigationFor(OWNER));

describe('navigation search matching', () => {
  it('matches words of the title whatever the case, and text inside a word after them', () => {
    expect(titles(searchNavigation(ownerEntries, 'tASk'))).toEqual(['Tasks (Production)', 'Task Types (Settings)']);
    expect(titles(searchNavigation(ownerEntries, 'types'))).toEqual(['Task Types (Settings)', 'Footprint Types (Settings)', 'Damage Types (Settings)']);
    expect(titles(searchNavigation(ownerEntries, 'voice'))).toEqual(['Invoices (Production)', 'Invoice Report (Reports)']);
    // A word beginning beats a match inside a word: "cat" is Item Categories before anything else.
    expect(titles(searchNavigation(ownerEntries, 'cat'))[0]).toBe('Item Categories (Settings)');
  });

  it('ranks titles that start with the query first, then other title matches, then matches by group', () => {
    const found = titles(searchNavigation(ownerEntries, 'invoice'));
    expect(found).toEqual(['Invoices (Production)', 'Invoice Report (Reports)']);
    // "reports invoice": the group names the report, the title the rest.
    expect(titles(searchNavigation(ownerEntries, 'reports inv'))).toEqual(['Invoice Report (Reports)']);
    // Equal matches keep the navigation's order.
    expect(titles(searchNavigation(ownerEntries, 'item'))).toEqual(['Items (Manage)', 'Item Categories (Settings)']);
  });

  it('gives at most 10 suggestions and nothing for an empty or unmatched query', () => {
    expect(ownerEntries.length).toBeGreaterThan(MAX_SUGGESTIONS);
    const all = ownerEntries.filter((e) => e.title.toLowerCase().includes('e'));
    expect(all.length).toBeGreaterThan(MAX_SUGGESTIONS);
    const many = searchNavigation(ownerEntries, 'e');
    expect(many.length).toBe(MAX_SUGGESTIONS);
    // The ten are the best: titles starting with "e" would come first, then word starts, before inside matches.
    expect(searchNavigation(ownerEntries, 'e', 100).slice(0, MAX_SUGGESTIONS)).toEqual(many);
    expect(searchNavigation(ownerEntries, '   ')).toEqual([]);
    expect(searchNavigation(ownerEntries, 'zzz')).toEqual([]);
  });

  it('searches only what the user can reach, under the title they see', () => {
    const leader = flattenNavigation(navigationFor(CREW_LEADER));
    expect(titles(searchNavigation(leader, 'check'))).toEqual(['Check in (Manage)']);
    expect(searchNavigation(leader, 'daily')).toEqual([]);
    const claims = flattenNavigation(navigationFor(CLAIMS));
    expect(searchNavigation(claims, 'productions')).toEqual([]);
    expect(searchNavigation(ownerEntries, 'productions').map((e) => e.id)).toEqual(['productions']);
  });
});

describe('keyboard shortcuts', () => {
  const key = (k: Partial<KeyboardEvent>) => ({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...k });
  it('maps the documented keys to their actions and nothing else', () => {
    expect(matchShortcut(key({ key: 'k', code: 'KeyK', ctrlKey: true }))).toBe('search');
    expect(matchShortcut(key({ key: 'k', code: 'KeyK', metaKey: true }))).toBe('search');
    expect(matchShortcut(key({ key: '/', code: 'Slash' }))).toBe('search');
    // Alt by the physical key: Alt+S types "ß" on a Mac.
    expect(matchShortcut(key({ key: 'ß', code: 'KeyS', altKey: true }))).toBe('settings');
    expect(matchShortcut(key({ key: 'c', code: 'KeyC', altKey: true }))).toBe('chat');
    expect(matchShortcut(key({ key: 'q', code: 'KeyQ', altKey: true }))).toBe('quick');
    expect(matchShortcut(key({ key: '?', code: 'Slash', shiftKey: true }))).toBe('help');
    expect(matchShortcut(key({ key: 'k', code: 'KeyK' }))).toBeNull();
    expect(matchShortcut(key({ key: 's', code: 'KeyS', ctrlKey: true }))).toBeNull();
    expect(matchShortcut(key({ key: 'c', code: 'KeyC', ctrlKey: true, altKey: true }))).toBeNull();
  });
});
