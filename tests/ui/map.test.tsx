import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MapMarkers } from '../../resources/map';
import { fakeToken, fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';
import { currentLocation, renderApp } from './render-app';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom lays nothing out: the map's container is given a size, as a browser would give it.
const sized = ['clientWidth', 'clientHeight'] as const;
const saved = sized.map((k) => [k, Object.getOwnPropertyDescriptor(Element.prototype, k)!] as const);
beforeAll(() => {
  for (const [k, d] of saved) {
    Object.defineProperty(Element.prototype, k, {
      configurable: true,
      get(this: Element) {
        if (this.classList.contains('leaflet-container')) return k === 'clientWidth' ? 800 : 600;
        return d.get!.call(this);
      },
    });
  }
});
afterAll(() => {
  for (const [k, d] of saved) Object.defineProperty(Element.prototype, k, d);
});

const answer: MapMarkers = {
  points: [
    { layer: 'checkins', id: 7, lat: 30.2672, lng: -97.7431, title: 'Check-in 2026-05-07 · Olivia · MSP-1', url: '/app/logs/7' },
    { layer: 'damages', id: 3, lat: 35.1, lng: -90.0, title: 'Damage 2026-05-02 · MSP-1', url: '/app/damages/3' },
  ],
  clusters: [{ layer: 'projects', lat: 33, lng: -94, count: 812 }],
  clustered: ['projects'],
};

describe('the map', () => {
  it('draws the markers the API answers for the box on screen, without tiles; a marker opens its record', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const queries: URLSearchParams[] = [];
    const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Supervisor') })),
      // No tile server: the markers draw on the plain background.
      http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite' })),
      http.get('/api/v1/projects', () => HttpResponse.json(projects, { headers: { 'X-Total-Count': '1' } })),
      http.get('/api/v1/projects/:id', () => HttpResponse.json(projects[0])),
      // The log the marker opens.
      http.get('/api/v1/logs/crews', () => HttpResponse.json([])),
      http.get('/api/v1/logs', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('/api/v1/logs/:id', () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })),
      http.get('/api/v1/map/markers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(answer);
      }),
    );
    const user = userEvent.setup();
    const { container } = renderApp('/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Map' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.fw-map-point[title^="Check-in"]')).not.toBeNull());
    expect(container.querySelector('.fw-map-point[title^="Damage"]')).not.toBeNull();
    // The server's cluster is a count bubble.
    expect(container.querySelector('.fw-map-cluster')).toHaveTextContent('812');
    const asked = queries[0]!;
    expect(asked.get('layers')!.split(',')).toEqual(['projects', 'checkins', 'damages', 'footprints']);
    expect(asked.get('bbox')!.split(',')).toHaveLength(4);
    expect(Number(asked.get('zoom'))).toBeGreaterThanOrEqual(0);
    // A layer switched off is not asked for.
    await user.click(within(screen.getByRole('group', { name: 'Layers' })).getByRole('button', { name: 'Damages' }));
    await waitFor(() => expect(queries.at(-1)!.get('layers')).toBe('projects,checkins,footprints'));
    // The marker's popup opens the record inside the app.
    // Leaflet reads the pointer's position: a click with coordinates, as a browser sends it.
    fireEvent.click(container.querySelector('.fw-map-point[title^="Check-in"]')!, { clientX: 400, clientY: 300 });
    await waitFor(() => expect(container.querySelector('.leaflet-popup')).not.toBeNull());
    const popup = container.querySelector<HTMLElement>('.leaflet-popup')!;
    expect(popup).toHaveTextContent('Check-in 2026-05-07 · Olivia · MSP-1');
    await user.click(within(popup).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(currentLocation()).toBe('/logs/7'));
  });
});
