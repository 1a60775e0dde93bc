import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pass, startFakeTime } from './fake-time';
import { fakeUser } from './fixtures';
import { renderApp } from './render-app';
import { listenShellServer, setViewportWidth, shellState } from './shell-fixtures';

listenShellServer();
beforeEach(() => setViewportWidth(1366));

const openDashboard = async () => {
  const view = renderApp('/dashboard');
  expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
  return view;
};
const docked = () => document.querySelector('.MuiDrawer-docked');

describe('settings drawer', () => {
  it('opens with Alt+S, shows the draft look at once, saves it to the user and closes with Alt+S again', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(docked()).not.toBeNull();
    await user.keyboard('{Alt>}s{/Alt}');
    const drawer = within(await screen.findByRole('dialog', { name: 'Settings' }));
    const panel = within(await drawer.findByRole('region', { name: 'Display settings' }));

    // Live preview: the horizontal layout replaces the side navigation before anything is saved.
    await user.click(panel.getByLabelText('Horizontal: navigation below the toolbar'));
    await waitFor(() => expect(docked()).toBeNull());
    expect(shellState.profileCalls).toEqual([]);

    await user.click(panel.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(shellState.profileCalls).toEqual([
      { settings: { theme: 'default', layout: { style: 'layout2', mode: 'fullwidth', navbar: 'dark', toolbar: 'light', customScrollbars: true, navbarFolded: false } } },
    ]);

    // Alt+S from inside the drawer closes it; the saved look stays.
    await user.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(docked()).toBeNull();
  });

  it('puts the saved look back when closed without saving; the toolbar button opens it too', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Settings' }));
    const panel = within(await drawer.findByRole('region', { name: 'Display settings' }));
    await user.click(panel.getByLabelText('Horizontal: navigation above the toolbar'));
    await waitFor(() => expect(docked()).toBeNull());
    await user.click(drawer.getByRole('button', { name: 'Close settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    await waitFor(() => expect(docked()).not.toBeNull());
    expect(shellState.profileCalls).toEqual([]);
  });

  it('folds the navbar from its own button and saves the fold with the layout', async () => {
    const user = userEvent.setup();
    await openDashboard();
    const nav = within(docked() as HTMLElement);
    await user.click(nav.getByRole('button', { name: 'Fold navigation' }));
    expect(await nav.findByRole('button', { name: 'Unfold navigation' })).toBeInTheDocument();
    await waitFor(() => expect(shellState.profileCalls).toHaveLength(1));
    expect(shellState.profileCalls[0]).toEqual({ settings: { layout: expect.objectContaining({ style: 'layout1', navbarFolded: true }) } });
    // Folded, every entry keeps its name for screen readers and the keyboard.
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

/** jsdom lays nothing out: the tour sees as "on the screen" exactly the parts named here. */
function showOnScreen(targets: string[]) {
  const real = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const target = this.getAttribute('data-tour');
    if (target && targets.includes(target)) return { x: 10, y: 10, top: 10, left: 10, width: 120, height: 40, right: 130, bottom: 50, toJSON: () => ({}) } as DOMRect;
    return real.call(this);
  };
  return () => {
    Element.prototype.getBoundingClientRect = real;
  };
}

describe('help tour', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('starts from the account menu and moves with Next, Back and the arrow keys, skipping parts not on the screen', async () => {
    restore = showOnScreen(['navigation', 'search', 'shortcuts', 'settings', 'account']);
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Take the tour' }));

    const tour = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(tour).getByText('Tour · 1 of 5')).toBeInTheDocument();
    expect(within(tour).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(within(tour).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Shortcuts' })).toBeInTheDocument();
    // Notifications, chat and the quick panel are not on the screen here: the next stop is Settings.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Shortcuts' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const last = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(last).getByText('Tour · 5 of 5')).toBeInTheDocument();
    await user.click(within(last).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your account' })).not.toBeInTheDocument());
  });

  it('ends with Exit or Escape', async () => {
    restore = showOnScreen(['navigation', 'search', 'account']);
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Take the tour' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Navigation' })).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Take the tour' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Navigation' })).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Search' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
  });

  it('shows itself once to a user who signed up lately', async () => {
    restore = showOnScreen(['navigation', 'search', 'account']);
    shellState.me = fakeUser('Owner', { id: 41, createdAt: new Date().toISOString() });
    const user = startFakeTime();
    const first = await openDashboard();
    expect(await screen.findByRole('dialog', { name: 'Navigation' }, { timeout: 3000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    first.unmount();

    // Another visit: the tour is remembered as seen for this user.
    await openDashboard();
    await pass(1200);
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('does not show itself to an account older than two weeks', async () => {
    restore = showOnScreen(['navigation', 'search', 'account']);
    shellState.me = fakeUser('Owner', { id: 42, createdAt: new Date(Date.now() - 20 * 24 * 3600 * 1000).toISOString() });
    startFakeTime();
    await openDashboard();
    await pass(1200);
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });
});
