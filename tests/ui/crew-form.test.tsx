import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const people = [
  { id: 21, name: 'Ann Archer', email: 'ann@example.com', status: 'accepted', roleName: 'Crew' },
  { id: 22, name: 'Bob Baker', email: 'bob@example.com', status: 'invited', roleName: 'Crew' },
  { id: 23, name: 'Cy Cole', email: 'cy@example.com', status: 'accepted', roleName: 'CrewLeader' },
];
const categories = [{ id: 31, name: 'Asphalt', color: '#336699', parentId: null }];
const crew = {
  id: 5,
  companyId: 7,
  name: 'Night Shift',
  members: [people[0]],
  leaders: [people[2]],
  categories,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let sent: Array<{ method: string; body: any }> = [];
let searches: string[] = [];
let answer: { status: number; body: Record<string, unknown> } | null = null;
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Supervisor') })),
  http.get('/api/v1/crews', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/crews/member-options', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    searches.push(q);
    const found = people.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()));
    return HttpResponse.json(found, { headers: { 'X-Total-Count': String(found.length) } });
  }),
  http.get('/api/v1/crews/category-options', () => HttpResponse.json(categories, { headers: { 'X-Total-Count': '1' } })),
  http.get('/api/v1/crews/5', () => HttpResponse.json(crew)),
  http.post('/api/v1/crews', async ({ request }) => {
    sent.push({ method: 'POST', body: await request.json() });
    return answer ? HttpResponse.json(answer.body, { status: answer.status }) : HttpResponse.json({ ...crew, id: 6 }, { status: 201 });
  }),
  http.patch('/api/v1/crews/5', async ({ request }) => {
    sent.push({ method: 'PATCH', body: await request.json() });
    return HttpResponse.json(crew);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  sent = [];
  searches = [];
  answer = null;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Types into a people picker, waits for the server search with that text, then picks the option. */
async function pick(dialog: HTMLElement, label: string, typed: string, option: RegExp) {
  await userEvent.type(within(dialog).getByLabelText(label), typed);
  await waitFor(() => expect(searches).toContain(typed));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the crew dialogs', () => {
  it('New Crew searches people on the server and sends ids for members, leaders and categories', async () => {
    renderApp('/crews/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Crew' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'paving crew');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Paving Crew');
    await pick(dialog, 'Members', 'bak', /Bob Baker/);
    await pick(dialog, 'Members', 'ann', /Ann Archer/);
    await pick(dialog, 'Leaders', 'cy', /Cy Cole/);
    await userEvent.click(within(dialog).getByLabelText('Categories'));
    await userEvent.click(await screen.findByRole('option', { name: /Asphalt/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', body: { name: 'Paving Crew', members: [22, 21], leaders: [23], categories: [31] } });
    expect(await screen.findByText('Crew Added')).toBeInTheDocument();
  });

  it("shows the server's per-field refusal on the picker it concerns and keeps the dialog open", async () => {
    answer = {
      status: 400,
      body: {
        error: { statusCode: 400, code: 'BAD_REQUEST', message: 'members.0: Member #21 is not in this company', details: [{ field: 'members.0', message: 'Member #21 is not in this company' }] },
        statusCode: 400,
        message: 'members.0: Member #21 is not in this company',
      },
    };
    renderApp('/crews/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Crew' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'North');
    await pick(dialog, 'Members', 'ann', /Ann Archer/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText(/Member #21 is not in this company/)).toHaveLength(2);
    expect(screen.queryByText('Crew Added')).not.toBeInTheDocument();
  });

  it('Edit Crew shows the chosen people by name and saves the changed lists', async () => {
    renderApp('/crews/5/edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Crew' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Night Shift'));
    expect(within(dialog).getByRole('button', { name: 'Ann Archer' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cy Cole' })).toBeInTheDocument();
    await pick(dialog, 'Members', 'bob', /Bob Baker/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', body: { name: 'Night Shift', members: [21, 22], leaders: [23], categories: [31] } });
    expect(await screen.findByText('Crew Saved')).toBeInTheDocument();
  });
});
