import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Project } from '../../../resources/project';
import { makeProject } from '../projects-fixtures';
import { currentLocation, list, offline, renderMobile, sessionHandlers } from './board-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PROJECTS = [
  makeProject(1, { projectName: 'North Road Paving', projectNumber: '2026-014', code: 'NRP', address: '12 North Rd', city: 'Austin' }),
  makeProject(2, { projectName: 'River Crossing', code: 'RC', city: 'Round Rock', status: 'planned' }),
];

/** GET /projects answering `rows`, each query kept in `queries`. */
function projectsApi(answer: (query: URLSearchParams) => Array<Project & { distanceKm?: number | null }> = () => PROJECTS) {
  const queries: URLSearchParams[] = [];
  server.use(
    ...sessionHandlers('CrewLeader'),
    http.get('/api/v1/projects', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return list(answer(query));
    }),
    http.get('/api/v1/projects/:id', ({ params }) => HttpResponse.json(PROJECTS.find((p) => p.id === Number(params.id)))),
    http.get('/api/v1/*', () => list([])),
  );
  return queries;
}

function stubPosition(lat: number, lng: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: lat, longitude: lng, accuracy: 8 }, timestamp: Date.now() } as GeolocationPosition) },
  });
}

describe('the projects list on the phone', () => {
  it("shows the crew's projects as cards and a tap opens the project's board", async () => {
    const queries = projectsApi();
    const user = userEvent.setup();
    renderMobile('/projects-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /North Road Paving/ });
    expect(within(card).getByText('No. 2026-014 · NRP')).toBeInTheDocument();
    expect(within(card).getByText('12 North Rd, Austin, TX')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /River Crossing/ })).getByText('Planned')).toBeInTheDocument();
    // Done projects stay on the desktop; in name order without a position.
    expect(queries[0]!.getAll('status_ne')).toEqual(['completed', 'shutdown']);
    expect(queries[0]!.get('_sort')).toBe('projectName');
    expect(queries[0]!.has('near')).toBe(false);

    await user.click(card);
    await waitFor(() => expect(currentLocation()).toBe('/project-board/1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'North Road Paving' })).toBeInTheDocument();
  });

  it('searches on the server as the crew leader types, and says when nothing matches', async () => {
    const queries = projectsApi((query) => (query.get('q') ? PROJECTS.filter((p) => p.projectName.toLowerCase().includes(query.get('q')!.toLowerCase())) : PROJECTS));
    const user = userEvent.setup();
    renderMobile('/projects-list');
    await screen.findByRole('link', { name: /River Crossing/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'north');
    // The search's answer replaces the list.
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: /River Crossing/ })).toBeNull();
      expect(screen.getByRole('link', { name: /North Road Paving/ })).toBeInTheDocument();
    });
    // Debounced: one search for the whole word, not one per letter.
    expect(queries.filter((q) => q.has('q')).map((q) => q.get('q'))).toEqual(['north']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search projects' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'zzz');
    expect(await screen.findByText('No project matches “zzz”.')).toBeInTheDocument();
  });

  it('pages with Show more', async () => {
    const many = Array.from({ length: 45 }, (_, i) => makeProject(i + 1, { projectName: `Site ${String(i + 1).padStart(2, '0')}` }));
    const queries = projectsApi((query) => many.slice(Number(query.get('_start')), Number(query.get('_end'))));
    const user = userEvent.setup();
    renderMobile('/projects-list');
    await screen.findByRole('link', { name: /Site 20/ });
    expect(screen.queryByRole('link', { name: /Site 21/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: /Site 40/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: /Site 45/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(queries.map((q) => q.get('_end'))).toEqual(['21', '41', '61']);
  });

  it('puts the nearest first with the distance on each card once the phone gives its position', async () => {
    const queries = projectsApi((query) =>
      query.get('near') ? [{ ...PROJECTS[1]!, distanceKm: 2.3 }, { ...PROJECTS[0]!, distanceKm: 14 }, { ...makeProject(3, { projectName: 'Yard' }), distanceKm: null }] : PROJECTS,
    );
    stubPosition(30.267153, -97.743057);
    const user = userEvent.setup();
    renderMobile('/projects-list');
    await screen.findByRole('link', { name: /North Road Paving/ });
    expect(screen.queryByText(/ km$/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Nearest first' }));
    expect(await screen.findByText('2.3 km')).toBeInTheDocument();
    expect(queries.at(-1)!.get('near')).toBe('30.267,-97.743');
    const cards = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('project-board'));
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['River Crossing', 'North Road Paving', 'Yard']);
    expect(within(cards[1]!).getByText('14.0 km')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nearest first' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the copy kept on the phone without a connection', async () => {
    projectsApi();
    const first = renderMobile('/projects-list');
    await screen.findByRole('link', { name: /North Road Paving/ });
    // Kept on the phone, in IndexedDB, as the answer arrived.
    await new Promise((r) => setTimeout(r, 50));
    first.unmount();

    server.resetHandlers(offline());
    renderMobile('/projects-list');
    expect(await screen.findByText(/^Offline: as of /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /North Road Paving/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /River Crossing/ })).toBeInTheDocument();
  });

  it('says what went wrong when the server refuses', async () => {
    server.use(...sessionHandlers('CrewLeader'), http.get('/api/v1/projects', () => HttpResponse.json({ error: { message: 'Something broke' } }, { status: 500 })));
    renderMobile('/projects-list');
    expect(await screen.findByText('The projects could not be loaded: Something broke')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
