import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company as baseCompany, fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const INVOICE = { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 1, paymentTermsDays: 30, defaultRetainagePercent: '0', remitTo: null, footerNotes: null };
let company = { ...baseCompany, invoiceSettings: INVOICE };
let me = fakeUser('Owner');
const sent: Array<{ method: string; url: string; body: unknown }> = [];
let patchAnswer: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json({ ...company, ...body });
let deleteAnswer: () => Response = () => new HttpResponse(null, { status: 204 });

const badRequest = (message: string, details: Array<{ field: string; message: string }>) =>
  HttpResponse.json({ statusCode: 400, message, error: { statusCode: 400, message, code: 'BAD_REQUEST', details } }, { status: 400 });

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: me })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.patch('/api/v1/companies/7', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'PATCH', url: request.url, body });
    const answer = patchAnswer(body);
    if (answer.ok) company = { ...company, ...body };
    return answer;
  }),
  http.post('/api/v1/companies/7/invoice', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'POST', url: request.url, body });
    company = { ...company, invoiceSettings: { ...INVOICE, ...body } as typeof INVOICE };
    return HttpResponse.json(company);
  }),
  http.delete('/api/v1/companies/7', ({ request }) => {
    sent.push({ method: 'DELETE', url: request.url, body: null });
    return deleteAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  company = { ...baseCompany, invoiceSettings: INVOICE };
  me = fakeUser('Owner');
  sent.length = 0;
  patchAnswer = (body) => HttpResponse.json({ ...company, ...body });
  deleteAnswer = () => new HttpResponse(null, { status: 204 });
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profileForm = async () => within(await screen.findByRole('form', { name: 'Company profile' }));

describe('company page: profile section', () => {
  it("edits the company with the shared form and says 'Company Saved'", async () => {
    const user = userEvent.setup();
    renderApp('/companies/7');
    const form = await profileForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Paving' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(form.getByLabelText('Company name'));
    // An organisation's name is kept as typed.
    await user.type(form.getByLabelText('Company name'), 'Acme paving West ');
    expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    await user.clear(form.getByLabelText('Contact phone'));
    await user.type(form.getByLabelText('Contact phone'), '15125550199');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company Saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: expect.stringMatching(/\/api\/v1\/companies\/7$/),
        body: expect.objectContaining({ name: 'Acme paving West', contactPhone: '+1 512 555 0199', zip: '78701', ein: '12-3456789', timezone: 'America/Chicago' }),
      },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Acme paving West' })).toBeInTheDocument());
  });

  it('checks the fields before sending and shows the server’s per-field refusal under the field, without a dialog', async () => {
    patchAnswer = () => badRequest('contactEmail: Enter a valid email address', [{ field: 'contactEmail', message: 'Enter a valid email address' }]);
    const user = userEvent.setup();
    renderApp('/companies/7/profile');
    const form = await profileForm();
    await user.clear(form.getByLabelText('Zip'));
    await user.type(form.getByLabelText('Zip'), '787');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Zip must be exactly 5 characters')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(form.getByLabelText('Zip'), '01');
    await user.clear(form.getByLabelText('Contact email'));
    await user.type(form.getByLabelText('Contact email'), 'billing@acme.example');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByLabelText('Contact email')).toHaveAccessibleDescription('Enter a valid email address'));
    expect(form.getByRole('alert')).toHaveTextContent('contactEmail: Enter a valid email address');
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Company Saved')).not.toBeInTheDocument();
  });

  it('is read-only for a member whose role lacks companies:manage: no form, no delete', async () => {
    me = fakeUser('ProjectManager');
    renderApp('/companies/7');
    expect(await screen.findByText('Only people who manage the company can change it.')).toBeInTheDocument();
    expect(screen.getByText('100 Main Street, Austin, TX 78701, United States')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Company profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete company' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Invoice settings' }));
    expect(await screen.findByText('INV-1')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invoice settings' })).not.toBeInTheDocument();
  });
});

describe('company page: invoice settings and delete', () => {
  it("saves the invoice settings, refusing a bad retainage first, then says 'Invoice Settings Saved'", async () => {
    const user = userEvent.setup();
    renderApp('/companies/7/invoice-settings');
    const form = within(await screen.findByRole('form', { name: 'Invoice settings' }));
    await user.clear(form.getByLabelText('Default retainage'));
    await user.type(form.getByLabelText('Default retainage'), '5.255');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Retainage must be a percentage from 0 to 100 with at most 2 decimals')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(form.getByLabelText('Default retainage'));
    await user.type(form.getByLabelText('Default retainage'), '5.25');
    await user.clear(form.getByLabelText('Invoice number prefix'));
    await user.type(form.getByLabelText('Invoice number prefix'), 'ACME-');
    await user.clear(form.getByLabelText('Next invoice number'));
    await user.type(form.getByLabelText('Next invoice number'), '1001');
    expect(form.getByTestId('invoice-preview')).toHaveTextContent('Next invoice: ACME-1001 · due 30 days after issue');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoice Settings Saved')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { invoiceNumberPrefix: 'ACME-', nextInvoiceNumber: 1001, paymentTermsDays: 30, defaultRetainagePercent: '5.25', remitTo: null, footerNotes: null },
    });
  });

  it("asks before deleting, shows the server's 409 in the dialog, and after a delete says 'Company Deleted'", async () => {
    deleteAnswer = () =>
      HttpResponse.json(
        { statusCode: 409, message: 'Delete the sub-companies first', error: { statusCode: 409, message: 'Delete the sub-companies first', code: 'HAS_SUB_COMPANIES' } },
        { status: 409 },
      );
    const user = userEvent.setup();
    renderApp('/companies/7');
    await user.click(await screen.findByRole('button', { name: 'Delete company' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Acme Paving?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete company' }));
    expect(await dialog.findByText('Delete the sub-companies first')).toBeInTheDocument();
    expect(screen.queryByText('Company Deleted')).not.toBeInTheDocument();

    deleteAnswer = () => new HttpResponse(null, { status: 204 });
    await user.click(dialog.getByRole('button', { name: 'Delete company' }));
    expect(await screen.findByText('Company Deleted')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/companies'));
    expect(sent.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });
});
