import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CalendarEvent } from '../../resources/calendar';
import { fakeToken, fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';
import { currentLocation, renderApp } from './render-app';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
// Events on days the month view shows whatever day the test runs.
const today = new Date();
const fifteenth = day(new Date(today.getFullYear(), today.getMonth(), 15));
const sixteenth = day(new Date(today.getFullYear(), today.getMonth(), 16));

const events: CalendarEvent[] = [
  { id: 'task-12', type: 'task', title: 'Bore under the road', start: fifteenth, end: day(new Date(today.getFullYear(), today.getMonth(), 18)), allDay: true, url: '/app/tasks/12', projectId: 1, crewId: 21, status: 'open', color: '#1565c0' },
  { id: 'log-7', type: 'log', title: 'Daily log: Olivia · MSP-1', start: sixteenth, allDay: true, url: '/app/logs/7', projectId: 1, crewId: 21, status: 'open', color: '#ef6c00' },
];

function handlers(answer: () => Response | Promise<Response>, queries: URLSearchParams[]) {
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
  return [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Supervisor') })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite' })),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, { headers: { 'X-Total-Count': '1' } })),
    http.get('/api/v1/projects/:id', () => HttpResponse.json(projects[0])),
    http.get('/api/v1/production/crews', () => HttpResponse.json([{ id: 21, name: 'North crew', companyId: 7 }])),
    http.get('/api/v1/calendar/events', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return answer();
    }),
  ];
}

describe('the calendar', () => {
  it('shows the events of the visible range from the API, with a legend per type, and an event opens its page in the app', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const queries: URLSearchParams[] = [];
    server.use(...handlers(() => HttpResponse.json(events, { headers: { 'X-Truncated': 'false' } }), queries));
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    // Each event is a link to its page.
    const task = (await screen.findByText('Bore under the road')).closest('a')!;
    expect(task).toHaveAttribute('href', '/app/tasks/12');
    expect(screen.getByText('Daily log: Olivia · MSP-1').closest('a')).toHaveAttribute('href', '/app/logs/7');
    // The month view asks for the days it shows: whole weeks around the month, end exclusive.
    const asked = queries.at(-1)!;
    expect(asked.get('start')! <= fifteenth && fifteenth < asked.get('end')!).toBe(true);
    expect(asked.get('types')!.split(',').sort()).toEqual(['locate', 'log', 'production', 'project', 'task']);
    // The legend is the type toggles; switching one off asks again without it.
    const legend = screen.getByRole('group', { name: 'Event types' });
    await user.click(within(legend).getByRole('button', { name: 'Daily logs' }));
    await waitFor(() => expect(queries.at(-1)!.get('types')!.split(',')).not.toContain('log'));
    await user.click(task);
    await waitFor(() => expect(currentLocation()).toBe('/tasks/12'));
  });

  it('filters by project and says when a type was cut short', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const queries: URLSearchParams[] = [];
    server.use(...handlers(() => HttpResponse.json(events, { headers: { 'X-Truncated': 'true', 'X-Truncated-Types': 'task' } }), queries));
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(await screen.findByText(/More than 500 tasks fall on these days/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await waitFor(() => expect(queries.at(-1)!.get('projectId')).toBe('1'));
  });

  it('says so when nothing falls on the days shown, and offers a retry when the call fails', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const queries: URLSearchParams[] = [];
    let fail = true;
    server.use(
      ...handlers(
        () =>
          fail
            ? HttpResponse.json({ error: { statusCode: 500, code: 'INTERNAL', message: 'Something broke' } }, { status: 500 })
            : HttpResponse.json([], { headers: { 'X-Truncated': 'false' } }),
        queries,
      ),
    );
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(await screen.findByText(/The calendar could not be loaded: Something broke/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing on these days.')).toBeInTheDocument();
  });
});
