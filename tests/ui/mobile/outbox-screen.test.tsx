import 'fake-indexeddb/auto';
import { ThemeProvider } from '@mui/material';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { outbox } from '../../../src/offline/outbox';
import OutboxScreen from '../../../src/mobile/screens/outbox/OutboxScreen';
import { mobileTheme } from '../../../src/mobile/theme';
import { fakeToken } from '../fixtures';
import { emptyOutbox } from './outbox-fixtures';

function renderScreen() {
  return render(
    <ThemeProvider theme={mobileTheme}>
      <MemoryRouter initialEntries={['/outbox']}>
        <OutboxScreen />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('the Waiting tab', () => {
  beforeEach(emptyOutbox);
  afterEach(() => vi.unstubAllGlobals());

  it('says everything is sent when nothing waits', async () => {
    renderScreen();
    expect(await screen.findByText('Everything is sent')).toBeTruthy();
  });

  it('shows a conflict with what the crew entered beside what the server holds now, and discards only when confirmed', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const current = { id: 31, status: 'approved', texts: { notes: 'Checked by the office' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INVALID_STATE', message: 'The production is approved', current } }), { status: 409 })),
    );
    renderScreen();
    await act(() => outbox.enqueue({ label: 'Production of North crew, Dec 3', method: 'PATCH', path: '/production/31', body: { texts: { notes: 'Two passes' } } }));
    await act(() => outbox.flush());

    const card = await screen.findByRole('listitem', { name: 'Production of North crew, Dec 3' });
    await within(card).findByText('Changed meanwhile');
    expect(within(card).getByText('The production is approved')).toBeTruthy();
    const rows = within(card).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('texts › notesTwo passesChecked by the office');
    expect(rows).toContain('status—approved');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(outbox.current().waiting).toBe(1);
    await user.click(within(card).getByRole('button', { name: 'Discard it' }));
    await waitFor(() => expect(outbox.current().waiting).toBe(0));
    expect(await screen.findByText('Everything is sent')).toBeTruthy();
  });

  it('sends a refused entry again when the crew asks', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    let status = 400;
    const fetch = vi.fn(async () => new Response(JSON.stringify(status < 300 ? { id: 1 } : { error: { message: 'Quantity must be a number' } }), { status }));
    vi.stubGlobal('fetch', fetch);
    renderScreen();
    await act(() => outbox.enqueue({ label: 'Damage on Elm Street', method: 'POST', path: '/damages', body: { description: 'Gas line nick' } }));
    await act(() => outbox.flush());
    const card = await screen.findByRole('listitem', { name: 'Damage on Elm Street' });
    await within(card).findByText('Not accepted');
    status = 201;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(outbox.current().waiting).toBe(0));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
