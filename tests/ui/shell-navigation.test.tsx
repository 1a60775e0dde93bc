import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeUser } from './fixtures';
import { isTypingTarget } from '../../src/shell/keyboard-shortcuts';
import { currentLocation, renderApp } from './render-app';
import { listenShellServer, setViewportWidth, shellState } from './shell-fixtures';

listenShellServer();
beforeEach(() => setViewportWidth(1366));

const openDashboard = async () => {
  renderApp('/dashboard');
  expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
};
const toolbar = () => within(screen.getByRole('banner'));
/** The star toggle on a screen's row in the star menu. */
const starOf = (title: string) => {
  const list = screen.getByRole('list', { name: 'All screens' });
  // The innermost list item holding the link: group items hold their rows.
  const row = within(list)
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByRole('link', { name: title }))
    .pop();
  if (!row) throw new Error(`no row ${title}`);
  return within(row).getByRole('button', { name: /shortcuts$/ });
};

describe('shortcuts', () => {
  it('stars a screen, saves the list through PATCH /users/me/shortcuts and shows it in the toolbar; unreachable ones stay saved but hidden', async () => {
    shellState.me = fakeUser('Owner', { shortcuts: ['gone-screen', 'calendar'] });
    const user = userEvent.setup();
    await openDashboard();
    expect(toolbar().getByRole('link', { name: 'Calendar (shortcut)' })).toHaveAttribute('href', '/calendar');
    expect(toolbar().queryByRole('link', { name: /gone/i })).not.toBeInTheDocument();

    await user.click(toolbar().getByRole('button', { name: 'Shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Shortcuts' })).toBeInTheDocument();
    const projects = starOf('Projects');
    expect(projects).toHaveAccessibleName('Add to shortcuts');
    expect(projects).toHaveAttribute('aria-pressed', 'false');
    expect(starOf('Calendar')).toHaveAttribute('aria-pressed', 'true');

    await user.click(projects);
    await waitFor(() => expect(starOf('Projects')).toHaveAttribute('aria-pressed', 'true'));
    expect(starOf('Projects')).toHaveAccessibleName('Remove from shortcuts');
    expect(shellState.shortcutCalls).toEqual([{ shortcuts: ['gone-screen', 'calendar', 'projects'] }]);

    await user.click(starOf('Calendar'));
    await waitFor(() => expect(shellState.shortcutCalls).toHaveLength(2));
    expect(shellState.shortcutCalls[1]).toEqual({ shortcuts: ['gone-screen', 'projects'] });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Shortcuts' })).not.toBeInTheDocument());
    await waitFor(() => expect(toolbar().getByRole('link', { name: 'Projects (shortcut)' })).toHaveAttribute('href', '/projects'));
    expect(toolbar().queryByRole('link', { name: 'Calendar (shortcut)' })).not.toBeInTheDocument();
  });

  it('on a phone keeps the starred screens in the More menu instead of the toolbar', async () => {
    setViewportWidth(390);
    shellState.me = fakeUser('Owner', { shortcuts: ['calendar'] });
    const user = userEvent.setup();
    await openDashboard();
    expect(toolbar().queryByRole('link', { name: 'Calendar (shortcut)' })).not.toBeInTheDocument();
    await user.click(toolbar().getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Shortcuts' }));
    const mine = within(await screen.findByRole('navigation', { name: 'Your shortcuts' }));
    await user.click(mine.getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(currentLocation()).toBe('/calendar'));
  });
});

describe('navigation search', () => {
  it('is focused with Ctrl+K, caps the suggestions at 10, says No results.. and goes to a screen by arrows and Enter', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.keyboard('{Control>}k{/Control}');
    const search = screen.getByRole('combobox', { name: 'Search screens' });
    expect(search).toHaveFocus();

    await user.keyboard('e');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(10);

    await user.keyboard('zzz');
    expect(await screen.findByText('No results..')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'types');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Task TypesSettings', 'Footprint TypesSettings', 'Damage TypesSettings']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/footprint-types'));
    expect(search).toHaveValue('');

    // Escape closes the suggestions, then leaves the field.
    await user.click(search);
    await user.type(search, 'crew');
    expect(await screen.findByRole('option', { name: /Crews/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    expect(search).not.toHaveFocus();
    expect(currentLocation()).toBe('/footprint-types');
  });

  it('searches only the screens the user can reach, under their own titles', async () => {
    shellState.me = fakeUser('CrewLeader');
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findByLabelText('Display name');
    await user.keyboard('/');
    const search = await screen.findByRole('combobox', { name: 'Search screens' });
    await user.type(search, 'check');
    expect(await screen.findByRole('option', { name: /Check in/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'crews');
    expect(await screen.findByText('No results..')).toBeInTheDocument();
  });

  it('opens as a full-width field from the toolbar on a phone, and "/" opens it too', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    await openDashboard();
    expect(screen.queryByRole('combobox', { name: 'Search screens' })).not.toBeInTheDocument();
    await user.keyboard('/');
    const search = await screen.findByRole('combobox', { name: 'Search screens' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('combobox', { name: 'Search screens' })).not.toBeInTheDocument();
    await user.click(toolbar().getByRole('button', { name: 'Search screens' }));
    await user.type(await screen.findByRole('combobox', { name: 'Search screens' }), 'calendar{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/calendar'));
    expect(screen.queryByRole('combobox', { name: 'Search screens' })).not.toBeInTheDocument();
  });
});

describe('keyboard shortcuts', () => {
  it('leave keys typed in a field alone, and work again outside it', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const name = await screen.findByLabelText('Display name');
    await user.click(name);
    await user.keyboard('/?{Alt>}s{/Alt}{Control>}k{/Control}');
    expect(name).toHaveValue('Dana Field/?');
    expect(name).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();

    name.blur();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of ['Ctrl+K', 'Alt+C', 'Alt+Q', 'Alt+S', 'Search the screens', 'Open or close the settings']) {
      expect(within(help).getByText(text)).toBeInTheDocument();
    }
    // Inside the help dialog the shortcuts wait: Alt+S does not open the settings over it.
    await user.keyboard('{Alt>}s{/Alt}');
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
  });
});

describe('where keys are typed', () => {
  it('counts text fields, editable content and widgets that read keys, not buttons or checkboxes', () => {
    const el = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild as HTMLElement;
    };
    expect(isTypingTarget(el('<input type="text">'))).toBe(true);
    expect(isTypingTarget(el('<input>'))).toBe(true);
    expect(isTypingTarget(el('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(el('<select></select>'))).toBe(true);
    expect(isTypingTarget(el('<div role="gridcell" tabindex="0"></div>'))).toBe(true);
    expect(isTypingTarget(el('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(el('<button>Save</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});
