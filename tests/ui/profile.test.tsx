import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

let me = fakeUser('Owner');
const patched: unknown[] = [];
const passwordCalls: unknown[] = [];
let reveals = 0;
let profileAnswer: () => Response = () => HttpResponse.json({ user: me });

const badRequest = (message: string, field: string) =>
  HttpResponse.json({ statusCode: 400, message, error: { statusCode: 400, message, code: 'BAD_REQUEST', details: [{ field, message }] } }, { status: 400 });

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: me })),
  http.get('/api/v1/users/me/sensitive', () => {
    reveals += 1;
    return HttpResponse.json({ ssn: '123-45-6789', driversLicense: 'TX1234567' });
  }),
  http.patch('/api/v1/users/me', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    patched.push(body);
    const answer = profileAnswer();
    // As the server does: identity numbers come back masked, and a new e-mail waits for its link.
    const { ssn: _ssn, driversLicense: _licence, currentPassword: _password, email: _email, ...fields } = body;
    if (answer.ok) me = { ...me, ...fields, settings: { ...me.settings, ...((body.settings as object) ?? {}) } } as typeof me;
    return answer;
  }),
  http.patch('/api/v1/users/me/change-password', async ({ request }) => {
    const body = (await request.json()) as { currentPassword: string };
    passwordCalls.push(body);
    if (body.currentPassword !== 'old-secret') return badRequest('Current password is incorrect', 'currentPassword');
    return HttpResponse.json({ user: me });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  me = fakeUser('Owner', { ssn: '***-**-6789', driversLicense: '****4567', city: 'Austin', zip: '78701' });
  patched.length = 0;
  reveals = 0;
  passwordCalls.length = 0;
  profileAnswer = () => HttpResponse.json({ user: me });
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profileForm = async () => within(await screen.findByRole('form', { name: 'Profile' }));

describe('profile page', () => {
  it("shows the SSN and driver's license masked, fetching the whole values only when Show is pressed", async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    expect(form.getByLabelText('Display name')).toHaveValue('Dana Field');
    expect(form.getByLabelText('City')).toHaveValue('Austin');
    expect(form.getByLabelText('SSN')).toHaveTextContent('***-**-6789');
    expect(form.getByLabelText("Driver's license")).toHaveTextContent('****4567');
    expect(reveals).toBe(0);
    await user.click(form.getByRole('button', { name: 'Show' }));
    expect(await form.findByText('123-45-6789')).toBeInTheDocument();
    expect(form.getByLabelText("Driver's license")).toHaveTextContent('TX1234567');
    expect(reveals).toBe(1);
    await user.click(form.getByRole('button', { name: 'Hide' }));
    expect(form.getByLabelText('SSN')).toHaveTextContent('***-**-6789');
  });

  it('offers no Show button when there is nothing stored', async () => {
    me = fakeUser('Owner');
    renderApp('/profile');
    const form = await profileForm();
    expect(form.getByLabelText('SSN')).toHaveTextContent('—');
    expect(form.queryByRole('button', { name: 'Show' })).not.toBeInTheDocument();
  });

  it('checks the fields with the same rules as the server and sends nothing until they hold', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    await user.clear(form.getByLabelText('Display name'));
    await user.type(form.getByLabelText('Display name'), 'Al');
    await user.clear(form.getByLabelText('Email'));
    await user.clear(form.getByLabelText('Zip'));
    await user.type(form.getByLabelText('Zip'), '123');
    await user.click(form.getByRole('button', { name: "Change SSN and driver's license" }));
    await user.clear(await form.findByRole('textbox', { name: 'SSN' }));
    await user.type(form.getByRole('textbox', { name: 'SSN' }), '1234');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Name must be at least 5 characters long')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Zip must be exactly 5 digits')).toBeInTheDocument();
    expect(form.getByText('SSN must look like 999-99-9999')).toBeInTheDocument();
    expect(patched).toHaveLength(0);

    // Live once submitted: fixing a field clears its message.
    await user.type(form.getByLabelText('Display name'), 'exandra');
    expect(form.queryByText('Name must be at least 5 characters long')).not.toBeInTheDocument();
  });

  it("saves the fields (emptied ones as null, names capitalised) and says 'Profile Saved'", async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    await user.clear(form.getByLabelText('Display name'));
    await user.type(form.getByLabelText('Display name'), 'dana q field');
    await user.clear(form.getByLabelText('City'));
    await user.type(form.getByLabelText('Emergency contact phone'), '15125550100');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile Saved')).toBeInTheDocument();
    expect(patched).toHaveLength(1);
    expect(patched[0]).toMatchObject({ name: 'Dana Q Field', city: null, zip: '78701', emergencyContactPhone: '+1 512 555 0100' });
    expect(patched[0]).not.toHaveProperty('settings');
    // Untouched identity numbers and an unchanged e-mail send neither the numbers nor a password.
    expect(patched[0]).not.toHaveProperty('ssn');
    expect(patched[0]).not.toHaveProperty('driversLicense');
    expect(patched[0]).not.toHaveProperty('currentPassword');
    expect(reveals).toBe(0);
  });

  it('changes the SSN: Change fills in the whole values, and Save sends them', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    await user.click(form.getByRole('button', { name: "Change SSN and driver's license" }));
    const ssn = await form.findByRole('textbox', { name: 'SSN' });
    expect(ssn).toHaveValue('123-45-6789');
    expect(form.getByRole('textbox', { name: "Driver's license" })).toHaveValue('TX1234567');
    await user.clear(ssn);
    await user.type(ssn, '987654321');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile Saved')).toBeInTheDocument();
    expect(patched[0]).toMatchObject({ ssn: '987-65-4321', driversLicense: 'TX1234567' });
    // Saved: the inputs give way to the masked values again.
    await waitFor(() => expect(form.queryByRole('textbox', { name: 'SSN' })).not.toBeInTheDocument());
  });

  it('asks for the current password when the e-mail changes, then says where the confirmation link went', async () => {
    profileAnswer = () => HttpResponse.json({ user: me, pendingEmail: 'dana.new@example.com' });
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'dana.new@example.com');
    await user.type(await form.findByLabelText('Current password'), 'old-secret');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('A confirmation link was sent to dana.new@example.com. Your e-mail changes when you open it.')).toBeInTheDocument();
    expect(patched[0]).toMatchObject({ email: 'dana.new@example.com', currentPassword: 'old-secret' });
    // Until the link is opened the account keeps its e-mail.
    await waitFor(() => expect(form.getByLabelText('Email')).toHaveValue('dana@example.com'));
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('shows a wrong current password under its field', async () => {
    profileAnswer = () => badRequest('Current password is incorrect', 'currentPassword');
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'dana.new@example.com');
    await user.type(await form.findByLabelText('Current password'), 'wrong-one');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent('Current password is incorrect');
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect');
  });

  it('shows a failed save on the form itself, with the field named by the server, and no error dialog', async () => {
    profileAnswer = () =>
      HttpResponse.json(
        { statusCode: 409, message: 'A user with this email already exists', error: { statusCode: 409, message: 'A user with this email already exists', code: 'EMAIL_TAKEN' } },
        { status: 409 },
      );
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await profileForm();
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'taken@example.com');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent('Your profile was not saved: A user with this email already exists');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('A user with this email already exists');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Profile Saved')).not.toBeInTheDocument();
  });

  it("changes the password: confirmation checked first, a wrong current password shown inline, then 'Password Changed'", async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current password'), 'wrong-one');
    await user.type(form.getByLabelText('New password'), 'new-secret');
    await user.type(form.getByLabelText('Confirm new password'), 'new-secreT');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Passwords do not match')).toBeInTheDocument();
    expect(passwordCalls).toHaveLength(0);

    await user.clear(form.getByLabelText('Confirm new password'));
    await user.type(form.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('password-error')).toHaveTextContent('Your password was not changed: Current password is incorrect');
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect');
    expect(passwordCalls).toEqual([{ currentPassword: 'wrong-one', password: 'new-secret' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'old-secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(form.getByText(/Password was changed/)).toBeInTheDocument();
    expect(screen.queryByTestId('password-error')).not.toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText('Current password')).toHaveValue(''));
  });

  it("saves the display settings in the user's settings and applies them to the shell", async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const panel = within(await screen.findByRole('region', { name: 'Display settings' }));
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(0);
    await user.click(panel.getByLabelText('Horizontal: navigation below the toolbar'));
    await user.click(panel.getAllByLabelText('Light')[0]!);
    await user.click(panel.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'Deep Ocean' }));
    await user.click(panel.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(patched).toEqual([
      { settings: { theme: 'deepOcean', layout: { style: 'layout2', mode: 'fullwidth', navbar: 'light', toolbar: 'light', customScrollbars: true, navbarFolded: false } } },
    ]);
    // With a horizontal layout the side drawer is gone: the navigation sits in the bar instead.
    await waitFor(() => expect(document.querySelector('.MuiDrawer-docked')).toBeNull());
  });
});
