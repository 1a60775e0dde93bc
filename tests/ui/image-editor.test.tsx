import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { FileView } from '../../resources/files';
import { App } from '../../src/App';
import { fakeToken, fakeUser } from './fixtures';

/*
 * Konva needs the `canvas` package under jsdom: react-konva is replaced by elements that show the
 * props the editor gives each shape, and the export by a recorder. The real drawing and export are
 * proven in the browser (tests/e2e/image-editor.test.ts).
 */
const exports = vi.hoisted(() => [] as Array<{ size: { width: number; height: number }; mimeType: string }>);
vi.mock('../../src/pages/image-editor/export-image', () => ({
  exportImage: (_stage: unknown, size: { width: number; height: number }, mimeType: string) => {
    exports.push({ size, mimeType });
    return `data:${mimeType};base64,${btoa('edited image bytes')}`;
  },
}));
vi.mock('react-konva', () => ({
  Stage: ({ children, width, height, ref }: { children: ReactNode; width: number; height: number; ref?: { current: unknown } }) => {
    if (ref) ref.current = { stand: 'in for the Konva stage' };
    return (
      <div data-testid="stage" data-width={width} data-height={height}>
        {children}
      </div>
    );
  },
  Layer: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  Image: () => <div data-testid="picture" />,
  Line: (p: { points: number[]; stroke: string; strokeWidth: number }) => (
    <div data-testid="line" data-points={p.points.join(',')} data-stroke={p.stroke} data-size={p.strokeWidth} />
  ),
  Text: (p: { text: string; fill: string; x: number; y: number }) => (
    <div data-testid="text" data-fill={p.fill} data-at={`${p.x},${p.y}`}>
      {p.text}
    </div>
  ),
}));

// jsdom loads no images: this one "loads" at once at 2048 x 1296, which fits jsdom's 1024 x 648 area at scale 0.5.
class LoadedImage {
  naturalWidth = 2048;
  naturalHeight = 1296;
  crossOrigin: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    setTimeout(() => this.onload?.());
  }
}

const fileView = (overrides: Partial<FileView> = {}): FileView => ({
  id: 42,
  companyId: 7,
  folderId: 5,
  name: 'Driveway crack',
  filename: 'site.jpg',
  contentType: 'image/jpeg',
  length: 1234,
  uploadDate: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  uploadedBy: null,
  previousVersions: 0,
  url: '/api/v1/files/signed/abc',
  downloadUrl: '/api/v1/files/signed/abc?download=1',
  permissions: [],
  inheritedFrom: null,
  canManage: true,
  ...overrides,
});

let user = fakeUser('Owner');
let file = fileView();
const patches: Array<{ id: string; fields: string[] }> = [];
// msw re-encodes jsdom's FormData and loses a file's name and bytes on the way: the file is read as the client adds it.
const appended: Array<{ field: string; file: Blob; filename?: string }> = [];
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user })),
  http.get('/api/v1/filesNew/secured/:id', ({ params }) =>
    params.id === String(file.id) ? HttpResponse.json(file) : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
  ),
  http.patch('/api/v1/filesNew/:id', async ({ request, params }) => {
    const form = await request.formData();
    patches.push({ id: String(params.id), fields: [...form.keys()] });
    return HttpResponse.json({ ...file, previousVersions: 1 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const append = FormData.prototype.append;
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, field: string, value: string | Blob, filename?: string) {
    if (value instanceof Blob) appended.push({ field, file: value, filename });
    return Reflect.apply(append, this, filename === undefined ? [field, value] : [field, value, filename]);
  });
});
beforeEach(() => {
  user = fakeUser('Owner');
  file = fileView();
  patches.length = 0;
  appended.length = 0;
  exports.length = 0;
  vi.stubGlobal('Image', LoadedImage);
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The editor opened from the profile page, so there is a page to go back to. */
function renderEditor() {
  render(
    <MemoryRouter initialEntries={['/profile', '/image-editor/42']} initialIndex={1}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
function openEditor() {
  renderEditor();
  return screen.findByTestId('stage');
}
const location = () => screen.getByTestId('location').textContent;

/** A stroke on the drawing surface from and to screen points (the stage shows the image at half size). */
function stroke(from: [number, number], to: [number, number]) {
  const surface = screen.getByTestId('drawing-surface');
  const at = ([clientX, clientY]: [number, number]) => ({ clientX, clientY, pointerId: 1, isPrimary: true, button: 0 });
  fireEvent.pointerDown(surface, at(from));
  fireEvent.pointerMove(surface, at([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]));
  fireEvent.pointerMove(surface, at(to));
  fireEvent.pointerUp(surface, at(to));
}
const lines = () => screen.queryAllByTestId('line');

describe('image editor', () => {
  it('loads the file by id and fits it: the stage shows the image at half its 2048 x 1296 pixels', async () => {
    const shown = await openEditor();
    expect(shown).toHaveAttribute('data-width', '1024');
    expect(shown).toHaveAttribute('data-height', '648');
    expect(screen.getByText('Driveway crack')).toBeInTheDocument();
  });

  it('draws with the pen in blue at the small size by default, in image pixels', async () => {
    await openEditor();
    expect(screen.getByRole('button', { name: 'Pen' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Small' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Colour')).toHaveValue('#0000ff');
    stroke([10, 20], [30, 40]);
    expect(lines()).toHaveLength(1);
    // Screen points doubled: the shape is kept at the image's own scale.
    expect(lines()[0]).toHaveAttribute('data-points', '20,40,20,40,40,60,60,80');
    expect(lines()[0]).toHaveAttribute('data-stroke', '#0000ff');
    expect(lines()[0]).toHaveAttribute('data-size', '5');
  });

  it('brush sizes are 5, 15 and 30 and the colour picker sets the colour of what comes next', async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Medium' }));
    stroke([10, 10], [20, 20]);
    await user.click(screen.getByRole('button', { name: 'Big' }));
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#ff0000' } });
    stroke([10, 10], [20, 20]);
    await user.click(screen.getByRole('button', { name: 'Small' }));
    stroke([10, 10], [20, 20]);
    expect(lines().map((l) => [l.dataset.size, l.dataset.stroke])).toEqual([
      ['15', '#0000ff'],
      ['30', '#ff0000'],
      ['5', '#ff0000'],
    ]);
  });

  it('the line tool draws a straight line between its two ends; the text tool places typed text on Enter', async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Line' }));
    expect(screen.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Pen' })).toHaveAttribute('aria-pressed', 'false');
    stroke([10, 10], [100, 50]);
    expect(lines()[0]).toHaveAttribute('data-points', '20,20,200,100');

    await user.click(screen.getByRole('button', { name: 'Text' }));
    fireEvent.pointerDown(screen.getByTestId('drawing-surface'), { clientX: 50, clientY: 60, pointerId: 1, isPrimary: true, button: 0 });
    await user.type(await screen.findByLabelText('Text to place'), 'Crack here{Enter}');
    const text = await screen.findByTestId('text');
    expect(text).toHaveTextContent('Crack here');
    expect(text).toHaveAttribute('data-at', '100,120');
    expect(text).toHaveAttribute('data-fill', '#0000ff');
    expect(screen.queryByLabelText('Text to place')).not.toBeInTheDocument();
  });

  it('undo and redo take back and restore shapes, by button and by Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', async () => {
    const user = userEvent.setup();
    await openEditor();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    stroke([10, 10], [20, 20]);
    stroke([30, 30], [40, 40]);
    expect(lines()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lines().map((l) => l.dataset.points?.slice(0, 5))).toEqual(['20,20']);
    await user.keyboard('{Control>}z{/Control}');
    expect(lines()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(lines()).toHaveLength(1);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(lines()).toHaveLength(2);
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    expect(lines().map((l) => l.dataset.points?.slice(0, 5))).toEqual(['20,20', '60,60']);
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('Save sends the drawing at the JPEG’s own size as field img of PATCH /filesNew/{id}, says so, and goes back', async () => {
    const user = userEvent.setup();
    await openEditor();
    stroke([10, 10], [20, 20]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.id).toBe('42');
    expect(patches[0]!.fields).toEqual(['img']);
    expect(appended.map((a) => [a.field, a.filename, a.file.type])).toEqual([['img', 'site.jpg', 'image/jpeg']]);
    expect(await appended[0]!.file.text()).toBe('edited image bytes');
    expect(exports).toEqual([{ size: { width: 2048, height: 1296 }, mimeType: 'image/jpeg' }]);
    expect(await screen.findByText('File updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/profile'));
  });

  it('a PNG or other image is saved as PNG', async () => {
    file = fileView({ filename: 'plan.webp', contentType: 'image/webp' });
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(appended.map((a) => [a.field, a.filename, a.file.type])).toEqual([['img', 'plan.png', 'image/png']]);
  });

  it('a refused save keeps the editor open with the drawing and shows why', async () => {
    server.use(http.patch('/api/v1/filesNew/:id', () => HttpResponse.json({ message: 'The file is too large: at most 25 MB' }, { status: 413 })));
    const user = userEvent.setup();
    await openEditor();
    stroke([10, 10], [20, 20]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: at most 25 MB');
    expect(lines()).toHaveLength(1);
    expect(location()).toBe('/image-editor/42');
  });

  it.each([
    ['Cancel', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('%s with nothing drawn goes back at once, sending nothing', async (_, close) => {
    const user = userEvent.setup();
    await openEditor();
    await close(user);
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(patches).toEqual([]);
  });

  it('Cancel after drawing asks first: Keep editing keeps the drawing, Discard goes back sending nothing', async () => {
    const user = userEvent.setup();
    await openEditor();
    stroke([10, 10], [20, 20]);
    await user.keyboard('{Escape}');
    let dialog = await screen.findByRole('dialog', { name: 'Discard your drawing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lines()).toHaveLength(1);
    expect(location()).toBe('/image-editor/42');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard your drawing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(patches).toEqual([]);
  });

  it('a file that cannot be read says so and offers to close', async () => {
    file = fileView({ id: 43 });
    renderEditor();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('is for members only: someone without a company is sent to create one', async () => {
    user = fakeUser(null);
    render(
      <MemoryRouter initialEntries={['/image-editor/42']}>
        <App />
        <LocationProbe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(location()).toBe('/register/company'));
  });
});
