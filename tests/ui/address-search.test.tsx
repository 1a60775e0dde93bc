import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import type { GeocodedAddress } from '../../resources/geocoding';
import { AddressSearchField } from '../../src/forms/AddressSearchField';
import { placeValues, resetGeocodingOff } from '../../src/forms/address-search';
import { damageStore } from './damages-fixtures';
import { fakeToken } from './fixtures';
import { pass, startFakeTime } from './fake-time';
import { renderApp } from './render-app';

const place = (n: number, overrides: Partial<GeocodedAddress> = {}): GeocodedAddress => ({
  address: `${1100 + n} Congress Avenue`,
  city: 'Austin',
  state: 'Texas',
  zip: '78701',
  country: 'US',
  coordinates: { lat: 30.2747, lng: -97.7404 },
  ...overrides,
});

const server = setupServer();
/** When each search reached the server, and what it asked. */
let searches: Array<{ at: number; q: string | null }> = [];
const answering = (answer: () => Response) =>
  http.get('/api/v1/geocode/search', ({ request }) => {
    searches.push({ at: Date.now(), q: new URL(request.url).searchParams.get('q') });
    return answer();
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  searches = [];
  resetGeocodingOff();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A form with an address, city, state and zip, filled the way the app's forms fill theirs. */
function AddressForm() {
  const [values, setValues] = useState({ address: '', city: '', state: '', zip: '' });
  return (
    <form>
      <AddressSearchField
        value={values.address}
        onChange={(address) => setValues((v) => ({ ...v, address }))}
        onPlace={(p) => setValues((v) => ({ ...v, ...placeValues(p, (name) => name in v) }))}
      />
      <output aria-label="values">{JSON.stringify(values)}</output>
    </form>
  );
}
const values = () => JSON.parse(screen.getByLabelText('values').textContent!);

describe('the address search field', () => {
  it('asks once, 700 ms after the last key, offers at most ten places and fills city, state and zip from the chosen one', { timeout: 15000 }, async () => {
    server.use(answering(() => HttpResponse.json(Array.from({ length: 12 }, (_, i) => place(i)))));
    const user = startFakeTime();
    render(<AddressForm />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    let typedAt = 0;
    input.addEventListener('keyup', () => (typedAt = Date.now()));
    await user.type(input, '1100 Cong');
    await pass(500);
    expect(searches).toEqual([]);
    const options = await screen.findAllByRole('option');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.q).toBe('1100 Cong');
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(690);
    expect(options).toHaveLength(10);
    expect(options[1]).toHaveTextContent('1101 Congress Avenue, Austin, Texas 78701');
    // The keyboard chooses: down twice, Enter.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('1101 Congress Avenue');
    // A US state named in full is held as its code, as the state pickers hold it.
    expect(values()).toEqual({ address: '1101 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('asks nothing for fewer than three characters', async () => {
    server.use(answering(() => HttpResponse.json([place(0)])));
    const user = startFakeTime();
    render(<AddressForm />);
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'ab');
    await pass(1000);
    expect(searches).toEqual([]);
  });

  it('without a geocoder (503) suggests nothing, keeps what is typed, and the next address field is a plain text field', { timeout: 15000 }, async () => {
    server.use(answering(() => HttpResponse.json({ error: { statusCode: 503, code: 'GEOCODING_OFF', message: 'off' } }, { status: 503 })));
    const user = startFakeTime();
    const { unmount } = render(<AddressForm />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await user.type(input, '100 Main');
    await waitFor(() => expect(searches).toHaveLength(1));
    // Still the same input, still focused: the person keeps typing.
    expect(input).toHaveFocus();
    await user.keyboard(' Street');
    await pass(1000);
    expect(searches).toHaveLength(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(values()).toEqual({ address: '100 Main Street', city: '', state: '', zip: '' });
    unmount();
    render(<AddressForm />);
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '200 Oak');
    await pass(1000);
    expect(searches).toHaveLength(1);
    expect(values().address).toBe('200 Oak');
  });

  it('a failing geocoder leaves the text as typed, with no suggestions', { timeout: 15000 }, async () => {
    server.use(answering(() => HttpResponse.json({ error: { statusCode: 502, code: 'GEOCODER_FAILED', message: 'down' } }, { status: 502 })));
    const user = startFakeTime();
    render(<AddressForm />);
    await user.type(screen.getByRole('combobox', { name: 'Address' }), '100 Main');
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(values().address).toBe('100 Main');
  });
});

describe('the damage form (an engine form)', () => {
  it('fills city, state, latitude and longitude from the chosen place', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    server.use(...damageStore().handlers, answering(() => HttpResponse.json([place(0, { city: 'Round Rock', state: 'TX', coordinates: { lat: 30.5083, lng: -97.6789 } })])));
    const user = userEvent.setup();
    renderApp('/damages/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Damage' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Address' }), '1100 Congress');
    await user.click(await screen.findByRole('option', { name: '1100 Congress Avenue, Round Rock, TX 78701' }));
    expect(within(dialog).getByRole('combobox', { name: 'Address' })).toHaveValue('1100 Congress Avenue');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Round Rock');
    expect(within(dialog).getByLabelText('State')).toHaveValue('TX');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('30.5083');
    expect(within(dialog).getByLabelText('Longitude')).toHaveValue('-97.6789');
  });
});
