import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Outbox } from '../../src/offline/outbox';
import { useOutbox } from '../../src/offline/use-outbox';
import { fakeToken } from './fixtures';

function Count({ outbox }: { outbox: Outbox }) {
  const { waiting, entries, retry } = useOutbox(outbox);
  return (
    <div>
      <p>{waiting} waiting</p>
      {entries.map((e) => (
        <button key={e.id} onClick={() => void retry(e.id)}>
          {e.label}: {e.state}
        </button>
      ))}
    </div>
  );
}

describe('useOutbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the waiting count and each entry, and a retry sends it', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    let status = 400;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(status < 300 ? { id: 1 } : { error: { message: 'No' } }), { status })));
    const outbox = new Outbox(`hook-${crypto.randomUUID()}`);
    render(<Count outbox={outbox} />);
    await act(() => outbox.enqueue({ label: 'Production of North crew, Dec 3', method: 'POST', path: '/production', body: {} }));
    await act(() => outbox.flush());
    expect(await screen.findByText('Production of North crew, Dec 3: failed')).toBeTruthy();
    expect(screen.getByText('1 waiting')).toBeTruthy();

    status = 201;
    await act(async () => screen.getByRole('button').click());
    await act(() => outbox.flush());
    await waitFor(() => expect(screen.getByText('0 waiting')).toBeTruthy());
    expect(screen.queryByRole('button')).toBeNull();
    await outbox.close();
  });
});
