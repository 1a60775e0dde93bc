import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company, fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

let me: ReturnType<typeof fakeUser> | null = null;
const posted: Array<{ url: string; body: any }> = [];
const server = setupServer(
  http.get('/api/v1/users/me', () => (me ? HttpResponse.json({ user: me }) : HttpResponse.json({}, { status: 401 }))),
  http.post('/api/v1/users', async ({ request }) => {
    posted.push({ url: request.url, body: await request.json() });
    me = fakeUser(null);
    return HttpResponse.json({ user: me, token: fakeToken() }, { status: 201 });
  }),
  http.post('/api/v1/users/register/:code', async ({ request }) => {
    posted.push({ url: request.url, body: await request.json() });
    me = fakeUser('Member');
    return HttpResponse.json({ user: me, token: fakeToken() }, { status: 201 });
  }),
  http.post('/api/v1/companies', async ({ request }) => {
    posted.push({ url: request.url, body: await request.json() });
    me = fakeUser('Owner');
    return HttpResponse.json({ ...company, id: 7 }, { status: 201 });
  }),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  me = null;
  posted.length = 0;
});
afterAll(() => server.close());

describe('register/account', () => {
  it('checks the five rules on submit, then live as the user types', async () => {
    const user = userEvent.setup();
    renderApp('/register/account');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name must be at least 5 characters long')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    // Live from now on: each message goes away as soon as its field is right.
    await user.type(screen.getByLabelText('Display name'), 'maria lopez');
    expect(screen.queryByText('Name must be at least 5 characters long')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Maria Lopez');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('masks the phone, registers, and sends a user with no company to register/company', async () => {
    const user = userEvent.setup();
    renderApp('/register/account');
    await user.type(await screen.findByLabelText('Display name'), 'Maria Lopez');
    await user.type(screen.getByLabelText('Phone'), '15125550100');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 512 555 0100');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(currentLocation()).toBe('/register/company'));
    expect(posted[0].body).toMatchObject({ name: 'Maria Lopez', phone: '+1 512 555 0100', email: 'maria@example.com', password: 'secret1' });
  });

  it('prefills and locks the e-mail of an invitation and registers through its code', async () => {
    const user = userEvent.setup();
    renderApp('/register/account?invitationToken=abc123&email=invited%40example.com');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('invited@example.com');
    expect(email).toBeDisabled();
    await user.type(screen.getByLabelText('Display name'), 'Ivan Invited');
    await user.type(screen.getByLabelText('Phone'), '15125550101');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toMatch(/\/api\/v1\/users\/register\/abc123$/);
    expect(posted[0].body.email).toBe('invited@example.com');
  });
});

describe('register/company', () => {
  beforeEach(() => {
    me = fakeUser(null);
    localStorage.setItem('fieldwork.accessToken', fakeToken());
  });

  it('enables CREATE COMPANY only once name, country, state, city and contact name are filled', async () => {
    const user = userEvent.setup();
    renderApp('/register/company');
    const create = await screen.findByRole('button', { name: 'CREATE COMPANY' });
    expect(create).toBeDisabled();
    expect(screen.getByLabelText('Contact phone')).toHaveValue('+1 ');
    expect(screen.getByLabelText('Country')).toHaveTextContent('United States');
    await user.type(screen.getByLabelText('Company name'), 'acme paving');
    await user.type(screen.getByLabelText('City'), 'austin');
    await user.type(screen.getByLabelText('Contact name'), 'dana field');
    expect(create).toBeDisabled();
    await user.click(screen.getByLabelText('State'));
    await user.click(within(await screen.findByRole('listbox')).getByText('Texas'));
    expect(create).toBeEnabled();
  });

  it('rejects a short address, a 4-digit zip and an incomplete phone on submit, then creates and opens the company', async () => {
    const user = userEvent.setup();
    renderApp('/register/company');
    await user.type(await screen.findByLabelText('Company name'), 'Acme Paving ');
    await user.click(screen.getByLabelText('State'));
    await user.click(within(await screen.findByRole('listbox')).getByText('Texas'));
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Contact name'), 'Dana Field');
    await user.type(screen.getByLabelText('Address'), 'Ab');
    await user.type(screen.getByLabelText('Zip'), '7870');
    await user.type(screen.getByLabelText('Contact phone'), '512');
    await user.type(screen.getByLabelText('Contact email'), 'office@acme.example');
    await user.click(screen.getByRole('button', { name: 'CREATE COMPANY' }));
    expect(await screen.findByText('Address must be longer than 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Zip must be exactly 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone must be longer than 9 characters')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(screen.getByLabelText('Address'), 'c Road');
    await user.type(screen.getByLabelText('Zip'), '1');
    await user.type(screen.getByLabelText('Contact phone'), '5550100');
    await user.click(screen.getByRole('button', { name: 'CREATE COMPANY' }));
    await waitFor(() => expect(currentLocation()).toBe('/companies/7'));
    expect(posted[0].body).toMatchObject({
      name: 'Acme Paving',
      address: 'Abc Road',
      country: 'US',
      state: 'TX',
      zip: '78701',
      contactPhone: '+1 512 555 0100',
    });
  });

  it("proposes the browser's time zone, keeps the company name as typed, and sends the zone", { timeout: 60_000 }, async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'America/Chicago' };
    });
    try {
      const user = userEvent.setup();
      renderApp('/register/company');
      expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
      const fill = async (label: string, text: string) => {
        await user.click(screen.getByLabelText(label));
        await user.paste(text);
      };
      // An organisation's name is kept as typed; a person's gets capitals where typed in lowercase.
      await fill('Company name', 'City of Sunset Valley');
      expect(screen.getByLabelText('Company name')).toHaveValue('City of Sunset Valley');
      await fill('Contact name', 'dana field');
      expect(screen.getByLabelText('Contact name')).toHaveValue('Dana Field');
      await user.click(screen.getByLabelText('State'));
      await user.click(within(await screen.findByRole('listbox')).getByText('Texas'));
      await fill('City', 'Sunset Valley');
      await fill('Address', '3205 Jones Road');
      await fill('Zip', '78745');
      await fill('Contact phone', '5125550100');
      await fill('Contact email', 'ap@sunsetvalley.example');
      await user.click(screen.getByRole('button', { name: 'CREATE COMPANY' }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0].body).toMatchObject({ name: 'City of Sunset Valley', contactName: 'Dana Field', timezone: 'America/Chicago' });
    } finally {
      spy.mockRestore();
    }
  });
});
