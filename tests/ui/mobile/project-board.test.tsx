import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_ROLE_PERMISSIONS, type RoleName } from '../../../permissions';
import { budgetItem } from '../budget-fixtures';
import { makeDamage } from '../damages-fixtures';
import { fakeUser } from '../fixtures';
import { makeLocate } from '../logs-fixtures';
import { makeProject } from '../projects-fixtures';
import { makeTask } from '../tasks-fixtures';
import { catchLeaving, list, offline, renderMobile } from './board-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A day counted from today on the project's clock (America/Chicago), as YYYY-MM-DD. */
const day = (offset: number) => {
  const at = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
};

const PROJECT = makeProject(1, { projectName: 'North Road Paving', projectNumber: '2026-014', code: 'NRP', address: '12 North Rd', timezone: 'America/Chicago' });

/** The board's reads for one crew leader; `rows` replaces a read's answer; each query is kept by path. */
function boardApi({ role = 'CrewLeader' as RoleName, locateView = false, rows = {} as Partial<Record<'crews' | 'tasks' | 'items' | 'locates' | 'damages' | 'sheets', unknown[]>> } = {}) {
  // Someone who owns no company of their own: self:companies:view would give locate view.
  const user = fakeUser(role, { selfPermissions: ['self:companies:create'] });
  // A company may give its crew leaders locate view (crews:manage), which the default role lacks.
  if (locateView) user.memberships[0]!.role!.permissions = [...DEFAULT_ROLE_PERMISSIONS[role], { resourceType: 'crews', action: 'manage' }];
  const queries = new Map<string, URLSearchParams>();
  const answer = (key: string, fallback: unknown[]) => ({ request }: { request: Request }) => {
    queries.set(key, new URL(request.url).searchParams);
    return list(rows[key as keyof typeof rows] ?? fallback);
  };
  server.use(
    http.get('/api/v1/users/me', () => HttpResponse.json({ user })),
    http.get('/api/v1/projects/1', () => HttpResponse.json(PROJECT)),
    http.get('/api/v1/production/crews', answer('crews', [{ id: 21, name: 'North crew', companyId: 7 }])),
    http.get('/api/v1/projects/1/tasks', answer('tasks', [
      makeTask(1, { summary: 'Mark the trench', status: 'progress', startDate: day(-5), endDate: day(5) }),
      makeTask(2, { summary: 'Pour the curb', status: 'open', startDate: day(0), endDate: day(0) }),
      makeTask(3, { summary: 'Seal the joints', status: 'open', startDate: day(-4), endDate: day(-2) }),
      makeTask(4, { summary: 'Next week job', status: 'open', startDate: day(7), endDate: day(8) }),
    ])),
    http.get('/api/v1/budgetItems', answer('items', [budgetItem({ id: 101, itemName: 'Asphalt Overlay', unit: 'ton', quantity: 1250 }), budgetItem({ id: 102, itemName: 'Curb', itemCode: 'C-1', unit: 'LF', quantity: 300 })])),
    http.get('/api/v1/projects/1/locates', answer('locates', [
      makeLocate(1, { ticketNumber: 'OLD-1', expiresOn: day(-1), expired: true }),
      makeLocate(2, { ticketNumber: 'SOON-1', expiresOn: day(2) }),
      makeLocate(3, { ticketNumber: 'LATER-1', expiresOn: day(30) }),
    ])),
    http.get('/api/v1/damages', answer('damages', [makeDamage(9, { damageTypeName: 'Gas line strike', status: 'reported', damageDate: day(-1) })])),
    http.get('/api/v1/projects/1/plan-sheets', answer('sheets', [{ fileId: 77, fileName: 'Plan set.pdf', pageNumber: 3, drawings: 2 }])),
  );
  return queries;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('the project board on the phone', () => {
  it("shows the crew's day on the project: actions, today's tasks, budget items, damages and plan sheets", async () => {
    const queries = boardApi();
    renderMobile('/project-board/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'North Road Paving' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Project actions' });
    expect(within(actions).getByRole('link', { name: 'Record production' })).toHaveAttribute('href', '/productions/create?projectId=1');
    expect(within(actions).getByRole('link', { name: 'Check in' })).toHaveAttribute('href', '/logs?projectId=1');
    expect(within(actions).getByRole('link', { name: 'Report damage' })).toHaveAttribute('href', '/damages/create?projectId=1');

    // In progress, planned today and overdue show; next week's does not.
    const tasks = await section("Today's tasks");
    expect(await within(tasks).findByRole('link', { name: /Mark the trench/ })).toHaveAttribute('href', '/app/tasks/1');
    expect(within(tasks).getByRole('link', { name: /Pour the curb/ })).toBeInTheDocument();
    expect(within(within(tasks).getByRole('link', { name: /Seal the joints/ })).getByText('Overdue')).toBeInTheDocument();
    expect(within(tasks).queryByText('Next week job')).toBeNull();
    const taskQuery = queries.get('tasks')!;
    expect(taskQuery.getAll('crewId')).toEqual(['21']);
    expect(taskQuery.getAll('status')).toEqual(['open', 'progress']);

    const items = await section('Budget items');
    expect(await within(items).findByText('Asphalt Overlay')).toBeInTheDocument();
    expect(within(items).getByLabelText('Budget quantity of Asphalt Overlay')).toHaveTextContent('1,250 ton');
    expect(within(items).getByLabelText('Budget quantity of Curb')).toHaveTextContent('300 LF');
    expect(queries.get('items')!.get('projectId')).toBe('1');

    // A default crew leader has no locate view (spec 01 §6) but sees the site's tickets, read through the project; they open nowhere.
    const locates = await section('Locate tickets');
    expect(await within(locates).findByText('Ticket OLD-1')).toBeInTheDocument();
    expect(within(locates).getByText('Expired')).toBeInTheDocument();
    expect(within(locates).queryByRole('link', { name: /Ticket/ })).toBeNull();

    const damages = await section('Open damages');
    expect(await within(damages).findByRole('link', { name: /Gas line strike/ })).toHaveAttribute('href', '/app/damages/9');
    expect(queries.get('damages')!.get('status_ne')).toBe('closed');

    const sheet = await within(await section('Plan sheets')).findByRole('link', { name: /Plan set\.pdf, page 3/ });
    expect(sheet).toHaveAttribute('href', `/app/editor?fileId=77&returnTo=${encodeURIComponent('/project-board/1')}&page=3`);
    expect(within(sheet).getByText('2 drawings')).toBeInTheDocument();
  });

  it('makes open locate tickets expiring within two days or expired stand out, for a crew leader allowed to see them', async () => {
    const queries = boardApi({ locateView: true });
    renderMobile('/project-board/1');
    const locates = await screen.findByRole('region', { name: 'Locate tickets' });
    const old = await within(locates).findByRole('link', { name: /Ticket OLD-1/ });
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(within(locates).getByRole('link', { name: /Ticket SOON-1/ })).getByText('Expires in 2 days')).toBeInTheDocument();
    expect(within(within(locates).getByRole('link', { name: /Ticket LATER-1/ })).queryByText(/^Expire/)).toBeNull();
    expect(queries.has('locates')).toBe(true);
  });

  it('says so in each section when there is nothing', async () => {
    boardApi({ locateView: true, rows: { tasks: [], items: [], locates: [], damages: [], sheets: [] } });
    renderMobile('/project-board/1');
    expect(await within(await section("Today's tasks")).findByText('No tasks for your crew today on this project.')).toBeInTheDocument();
    expect(await within(await section('Budget items')).findByText('The project has no budget items to produce against yet.')).toBeInTheDocument();
    expect(await within(await section('Locate tickets')).findByText('No open locate tickets at this site.')).toBeInTheDocument();
    expect(await within(await section('Open damages')).findByText('No open damages on this project.')).toBeInTheDocument();
    expect(await within(await section('Plan sheets')).findByText('No plan sheets with drawings on this project.')).toBeInTheDocument();
  });

  it('tells a crew leader in no crew why no tasks show', async () => {
    boardApi({ rows: { crews: [] } });
    renderMobile('/project-board/1');
    const tasks = await section("Today's tasks");
    expect(await within(tasks).findByText('You are in no crew of this company, so no crew tasks show here.')).toBeInTheDocument();
    expect(within(tasks).queryByRole('link')).toBeNull();
  });

  it('shows the copies kept on the phone without a connection', async () => {
    boardApi();
    const first = renderMobile('/project-board/1');
    await within(await section('Plan sheets')).findByRole('link', { name: /Plan set\.pdf/ });
    await within(await section("Today's tasks")).findByRole('link', { name: /Mark the trench/ });
    await new Promise((r) => setTimeout(r, 50));
    first.unmount();

    server.resetHandlers(offline());
    renderMobile('/project-board/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'North Road Paving' })).toBeInTheDocument();
    expect(await within(await section("Today's tasks")).findByText(/^Offline: as of /)).toBeInTheDocument();
    expect(within(await section("Today's tasks")).getByRole('link', { name: /Mark the trench/ })).toBeInTheDocument();
    expect(await within(await section('Budget items')).findByText(/^Offline: as of /)).toBeInTheDocument();
    expect(within(await section('Budget items')).getByText('Asphalt Overlay')).toBeInTheDocument();
    expect(await within(await section('Plan sheets')).findByText(/^Offline: as of /)).toBeInTheDocument();
  });

  it('sends anyone but a crew leader to the desktop dashboard', async () => {
    const leaving = catchLeaving();
    try {
      boardApi({ role: 'ProjectManager' });
      renderMobile('/project-board/1');
      expect(await screen.findByRole('progressbar', { name: 'Opening the dashboard' })).toBeInTheDocument();
      expect(leaving.replace).toHaveBeenCalledWith('/app/dashboard');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    } finally {
      leaving.restore();
    }
  });
});
