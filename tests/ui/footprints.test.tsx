import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Footprint } from '../../resources/footprint';
import { FOOTPRINT_MESSAGES, FOOTPRINT_SUCCESS, RESTORATION_MOVES } from '../../resources/footprint';
import { areaM2, formatArea, formatLength, lengthM, type LatLng } from '../../resources/geo';
import type { FootprintMapProps } from '../../src/pages/footprints/FootprintMap';
import { fakeToken, fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';
import { currentLocation, renderApp } from './render-app';

/** Clicks on the map, stood in by buttons: leaflet cannot place a click in jsdom, which lays nothing out. */
const CLICKS: LatLng[] = [
  [30.27, -97.74],
  [30.27, -97.739],
  [30.271, -97.739],
  [30.271, -97.74],
];
vi.mock('../../src/pages/footprints/FootprintMap', () => ({
  default: ({ points, onAdd }: FootprintMapProps) => (
    <div data-testid="map" data-points={JSON.stringify(points)}>
      {onAdd && CLICKS.map((p, i) => <button key={i} type="button" onClick={() => onAdd(p)}>{`Map click ${i + 1}`}</button>)}
    </div>
  ),
}));

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

function makeFootprint(id: number, overrides: Partial<Footprint> = {}): Footprint {
  const restorationStatus = overrides.restorationStatus ?? 'open';
  return {
    id,
    companyId: 7,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    typeId: 51,
    typeName: 'Trench',
    crewId: null,
    crewName: null,
    date: '2026-03-05',
    kind: 'line',
    areaM2: null,
    lengthM: 111.19,
    centerLat: 30.2705,
    centerLng: -97.74,
    restorationStatus,
    createdByName: 'Dana Field',
    createdAt: stamp,
    updatedAt: stamp,
    points: [CLICKS[0]!, CLICKS[3]!],
    notes: null,
    photoCount: 0,
    nextStatuses: [...RESTORATION_MOVES[restorationStatus]],
    ...overrides,
  };
}

const state = { footprints: [] as Footprint[], sent: [] as Array<{ method: string; path: string; body: unknown }>, listQueries: [] as URLSearchParams[] };
const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('ProjectManager') })),
  http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', maxUploadMb: 5, mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' })),
  http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
  http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
  http.get('/api/v1/companies/7/footprint-types', () => HttpResponse.json([{ id: 51, name: 'Trench' }], total([1]))),
  http.get('/api/v1/crews', () => HttpResponse.json([], total([]))),
  http.get('/api/v1/footprints', ({ request }) => {
    state.listQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(state.footprints, total(state.footprints));
  }),
  http.post('/api/v1/footprints', async ({ request }) => {
    const body = (await request.json()) as Partial<Footprint>;
    state.sent.push({ method: 'POST', path: '/footprints', body });
    const made = makeFootprint(9, { ...body, areaM2: 12.5 });
    state.footprints.push(made);
    return HttpResponse.json(made, { status: 201 });
  }),
  http.get('/api/v1/footprints/:id', ({ params }) => {
    const found = state.footprints.find((f) => f.id === Number(params.id));
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Footprint not found', statusCode: 404 }, { status: 404 });
  }),
  http.patch('/api/v1/footprints/:id', async ({ request, params }) => {
    const body = (await request.json()) as Partial<Footprint>;
    state.sent.push({ method: 'PATCH', path: `/footprints/${params.id}`, body });
    const i = state.footprints.findIndex((f) => f.id === Number(params.id));
    const { nextStatuses: _moves, ...was } = state.footprints[i]!;
    state.footprints[i] = makeFootprint(was.id, { ...was, ...body });
    return HttpResponse.json(state.footprints[i]);
  }),
  http.get('/api/v1/footprints/:id/files', () => HttpResponse.json([])),
  http.get('/api/v1/footprints/:id/activity', () => HttpResponse.json([], total([]))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  state.footprints = [makeFootprint(3), makeFootprint(2, { date: '2026-02-01', kind: 'polygon', areaM2: 1234.5, restorationStatus: 'restored', crewName: 'North crew' })];
  state.sent = [];
  state.listQueries = [];
});
afterAll(() => server.close());

describe('the footprints list', () => {
  it('asks for the newest day first and shows the restoration and the measures', async () => {
    renderApp('/footprints');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('North crew')).toBeInTheDocument();
    expect(within(grid).getByText('Restored')).toBeInTheDocument();
    expect(within(grid).getByText('1,234.5')).toBeInTheDocument();
    expect(state.listQueries[0]!.get('_sort')).toBe('date');
    expect(state.listQueries[0]!.get('_order')).toBe('desc');
  });
});

describe('drawing a footprint', () => {
  it('adds points by clicking, undoes and clears, measures live with the shared formula, then posts the points only', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    renderApp('/footprints/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Footprint' });
    const measure = within(dialog).getByTestId('footprint-measure');
    expect(measure).toHaveTextContent(`0 points: ${FOOTPRINT_MESSAGES.polygon.toLowerCase()}`);
    for (const i of [1, 2, 3]) await user.click(await within(dialog).findByRole('button', { name: `Map click ${i}` }));
    expect(measure).toHaveTextContent(formatArea(areaM2(CLICKS.slice(0, 3))));
    await user.click(within(dialog).getByRole('button', { name: 'Undo last point' }));
    expect(measure).toHaveTextContent(`2 points: ${FOOTPRINT_MESSAGES.polygon.toLowerCase()}`);
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(measure).toHaveTextContent('0 points');
    // A line instead: its length shows from the second point.
    await user.click(within(dialog).getByRole('button', { name: 'Line' }));
    await user.click(within(dialog).getByRole('button', { name: 'Map click 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Map click 4' }));
    expect(measure).toHaveTextContent(formatLength(lengthM([CLICKS[0]!, CLICKS[3]!])));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(within(dialog).queryByRole('button', { name: 'Map click 2' })).not.toBeInTheDocument();
    // The type and project are still missing: the contract says so before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(FOOTPRINT_MESSAGES.project)).toBeInTheDocument();
    expect(state.sent).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Main Street Paving' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Footprint type' }));
    await user.click(await screen.findByRole('option', { name: 'Trench' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/footprints/9/photos'));
    expect(state.sent[0]!.body).toEqual({ projectId: 1, typeId: 51, crewId: null, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), notes: null, kind: 'line', points: [CLICKS[0], CLICKS[3]] });
    expect(await screen.findByText(FOOTPRINT_SUCCESS.created)).toBeInTheDocument();
  });
});

describe('the footprint page', () => {
  it('shows the stored measure and moves the restoration through the allowed moves', async () => {
    const user = userEvent.setup();
    renderApp('/footprints/3');
    expect(await screen.findByRole('heading', { name: /Trench of/ })).toBeInTheDocument();
    expect(screen.getByTestId('stored-measure')).toHaveTextContent(formatLength(111.19));
    expect(screen.queryByRole('button', { name: 'Inspected' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Temporary restoration done' }));
    await waitFor(() => expect(state.sent).toEqual([{ method: 'PATCH', path: '/footprints/3', body: { restorationStatus: 'temporary' } }]));
    expect(await screen.findByRole('button', { name: 'Restored' })).toBeInTheDocument();
  });

  it('redraws the shape and sends the new points', async () => {
    const user = userEvent.setup();
    renderApp('/footprints/3/map');
    await user.click(await screen.findByRole('button', { name: 'Redraw' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Area' }));
    for (const i of [1, 2, 3]) await user.click(screen.getByRole('button', { name: `Map click ${i}` }));
    await user.click(screen.getByRole('button', { name: 'Save shape' }));
    await waitFor(() => expect(state.sent).toEqual([{ method: 'PATCH', path: '/footprints/3', body: { kind: 'polygon', points: CLICKS.slice(0, 3) } }]));
  });
});
