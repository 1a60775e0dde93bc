/** One stop of the help tour, pointing at the element marked `data-tour="<target>"`. */
export interface TourStep {
  target: string;
  title: string;
  text: string;
}

/** The shell's main parts, in the order the tour visits them; a part not on the screen is skipped. */
export const TOUR_STEPS: TourStep[] = [
  { target: 'navigation', title: 'Navigation', text: 'Every screen you can open, grouped into Production, Manage, Reports and Settings.' },
  { target: 'search', title: 'Search', text: "Type a screen's name and press Enter to go there. Ctrl+K or / brings you here from anywhere." },
  { target: 'shortcuts', title: 'Shortcuts', text: 'Star the screens you use most: they stay here in the toolbar, one click away.' },
  { target: 'notifications', title: 'Notifications', text: 'What changed on your projects, productions, tasks and invoices. Click one to open it.' },
  { target: 'chat', title: 'Team chat', text: 'Talk with the people of your company, and see who is online. Alt+C opens it.' },
  { target: 'quick-panel', title: 'Quick panel', text: "Today's date, your events and notes, and quick settings. Alt+Q opens it." },
  { target: 'settings', title: 'Settings', text: 'Theme and layout: your own look of Fieldwork on every device. Alt+S opens it.' },
  { target: 'more', title: 'More', text: 'On a phone: your shortcuts, the team chat, the quick panel and the settings.' },
  { target: 'account', title: 'Your account', text: 'Your profile, your companies, this tour and the keyboard shortcuts (press ?).' },
];

/** The first element marked for a step that takes room on the screen now (hidden copies are skipped). */
export function tourTarget(target: string): HTMLElement | null {
  const marked = document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`);
  for (const el of marked) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return el;
  }
  return null;
}

/** A user who signed up lately gets the tour once, by itself (remembered per user in this browser). */
export const NEW_USER_DAYS = 14;
const seenKey = (userId: number) => `fieldwork.tourSeen.${userId}`;

export function shouldOfferTour(user: { id: number; createdAt: string }, now = Date.now()): boolean {
  // Automated browsers (the browser tests) would find the screen they drive covered: no tour by itself there.
  if (typeof navigator !== 'undefined' && navigator.webdriver) return false;
  if (localStorage.getItem(seenKey(user.id))) return false;
  const age = now - new Date(user.createdAt).getTime();
  return age >= 0 && age < NEW_USER_DAYS * 24 * 3600 * 1000;
}

export const markTourSeen = (userId: number) => localStorage.setItem(seenKey(userId), new Date().toISOString());
