import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import type { LayerItem, LayerItemsAnswer, TakeoffRow } from '../../resources/plan-takeoff';
import { TAKEOFF_MESSAGES } from '../../resources/plan-takeoff';
import { company, fakeToken, fakeUser } from './fixtures';
import { makeProduction } from './productions-fixtures';
import { currentLocation, renderApp } from './render-app';

/*
 * pdf.js and Konva need a real canvas: the document is replaced by one whose pages are 992 x 800 pt
 * (so fit width in jsdom's 1024 px puts the page at zoom 1, 16 px from the corner: a click at (x, y)
 * is the point (x - 16, y - 16)), and react-konva by elements that pass clicks through as Konva
 * would. Tiles and drawing are proven in the browser.
 */
vi.mock('../../src/pages/editor/pdf-document', () => ({
  openPlanPdf: async () => ({
    numPages: 3,
    pageSize: async () => ({ width: 992, height: 800 }),
    render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
    destroy: () => undefined,
  }),
}));
vi.mock('react-konva', () => {
  const pass = ({ children }: { children?: ReactNode }) => <>{children}</>;
  return {
    Stage: ({ children, onClick, onDblClick }: { children: ReactNode; onClick?: (e: unknown) => void; onDblClick?: () => void }) => (
      <div
        data-testid="stage"
        onClick={(ev) => {
          const target = { getStage: () => target, getPointerPosition: () => ({ x: ev.clientX, y: ev.clientY }) };
          onClick?.({ evt: ev, target });
        }}
        onDoubleClick={() => onDblClick?.()}
      >
        {children}
      </div>
    ),
    Layer: pass,
    Group: pass,
    Line: (p: { points: number[]; stroke: string }) => <div data-testid="line" data-points={p.points.join(',')} data-stroke={p.stroke} />,
    Circle: (p: { x: number; y: number; fill: string }) => <div data-testid="circle" data-at={`${p.x},${p.y}`} data-fill={p.fill} />,
    Shape: (p: { stroke: string }) => <div data-testid="area" data-stroke={p.stroke} />,
    Image: () => <div data-testid="icon" />,
  };
});

const PLAN_FILE = { fileId: 9, name: 'Site plan', url: '/api/v1/files/signed/abc' };
const CURB = { id: 31, name: 'Curb', code: 'C-1', unit: 'lf', productionItemType: 'linear', lineColor: '#aa0000', iconUrl: null };
const MANHOLE = { id: 32, name: 'Manhole', code: null, unit: 'ea', productionItemType: 'count', lineColor: '#0000aa', iconUrl: null };
const BUDGETS = [
  { id: 11, projectId: 5, status: 'draft' },
  { id: 12, projectId: 5, status: 'approved' },
];

const layerItem = (over: Partial<LayerItem>): LayerItem => ({
  id: 1,
  fileId: 9,
  pageNumber: 1,
  budgetId: 11,
  itemId: CURB.id,
  budgetItemId: null,
  itemName: 'Curb',
  itemCode: 'C-1',
  unit: 'lf',
  color: '#aa0000',
  iconUrl: null,
  kind: 'line',
  geometry: { points: [[0, 0], [72, 0]] },
  quantity: '40',
  quantityTyped: false,
  built: '0',
  version: 1,
  updatedBy: 'Dana',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let answer: LayerItemsAnswer;
let layerStatus = 200;
let nextId = 101;
let takeoff: TakeoffRow[] = [];
const calls: Array<{ method: string; url: string; body?: unknown }> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  const text = await request.text();
  calls.push({ method: request.method, url: `${url.pathname.replace('/api/v1', '')}${url.search}`, ...(text ? { body: JSON.parse(text) } : {}) });
};
const mutations = () => calls.filter((c) => c.method !== 'GET');

const empty = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/layerItems/9/file', () => HttpResponse.json(PLAN_FILE)),
  http.get('/api/v1/layerItems/9', () => (layerStatus === 200 ? HttpResponse.json(answer) : HttpResponse.json({ message: 'Route GET:/api/v1/layerItems/9 not found' }, { status: layerStatus }))),
  http.get('/api/v1/layerItems/9/takeoff', async ({ request }) => {
    await record(request);
    return HttpResponse.json(takeoff);
  }),
  http.get('/api/v1/budgets', () => HttpResponse.json(BUDGETS, { headers: { 'X-Total-Count': '2' } })),
  http.get('/api/v1/items', () => HttpResponse.json([CURB, MANHOLE], { headers: { 'X-Total-Count': '2' } })),
  http.post('/api/v1/layerItems/9', async ({ request }) => {
    await record(request);
    const body = calls.at(-1)!.body as Pick<LayerItem, 'itemId' | 'kind' | 'geometry' | 'budgetId'>;
    return HttpResponse.json(layerItem({ ...body, id: nextId++ }));
  }),
  http.post('/api/v1/layerItems/9/add-to-budget', async ({ request }) => {
    await record(request);
    return HttpResponse.json({});
  }),
  http.put('/api/v1/layerItems/9/scale', async ({ request }) => {
    await record(request);
    answer = { ...answer, calibrations: [{ pageNumber: 1, points: '72.00000000', distance: '10', unit: 'ft', calibratedBy: 'Dana', calibratedAt: '2026-01-01T00:00:00.000Z' }] };
    return HttpResponse.json({});
  }),
  http.delete('/api/v1/item/9/4', async ({ request }) => {
    await record(request);
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete('/api/v1/items/9/4', async ({ request }) => {
    await record(request);
    answer = { ...answer, items: answer.items.filter((i) => i.budgetId !== 11) };
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('/api/v1/*', empty),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer = { fileId: 9, projectId: 5, fileName: 'Site plan', pdfScaleFactor: '480', requireQuantityOnPDFDraw: false, calibrations: [], items: [], marks: [], canEdit: true };
  layerStatus = 200;
  nextId = 101;
  takeoff = [];
  calls.length = 0;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function openEditor() {
  renderApp('/editor?fileId=9&page=1&returnTo=%2Fprojects%2F5%2Ffiles');
  await screen.findByTestId('stage', {}, { timeout: 15_000 });
  await screen.findByRole('complementary', { name: 'Sheet legend' });
}
async function pickItem(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Item to draw' }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}|· ${name}`) }));
}
const clickAt = (x: number, y: number) => fireEvent.click(screen.getByTestId('stage'), { clientX: x, clientY: y });

describe('the plan editor', () => {
  it('shows the page with its list of pages, and closes back to where it was opened from', async () => {
    await openEditor();
    expect(screen.getByRole('heading', { name: /Site plan/ })).toHaveTextContent('Page 1 of 3');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('button')).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentLocation()).toContain('page=2'));
    await userEvent.click(screen.getByRole('button', { name: 'Close the editor' }));
    await waitFor(() => expect(currentLocation()).toBe('/projects/5/files'));
  });

  it('tells whoever opens it without a file to open a plan file', async () => {
    renderApp('/editor');
    expect(await screen.findByText('Open a plan file from Files or from a project’s files.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows the sheet with a note when the drawings cannot be loaded', async () => {
    layerStatus = 404;
    renderApp('/editor?fileId=9');
    expect(await screen.findByText(/The drawings could not be loaded/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
  });

  it('draws a line, and undoes and redoes it with the inverse calls in order', async () => {
    await openEditor();
    await pickItem('Curb');
    expect(screen.getByRole('button', { name: 'Line (L)' })).toHaveAttribute('aria-pressed', 'true');
    clickAt(116, 16);
    clickAt(188, 16);
    // 72 pt at the project's 1:480 is 40 ft.
    expect(screen.getByTestId('live-quantity')).toHaveTextContent('40 lf');
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toEqual({ method: 'POST', url: '/layerItems/9', body: { pageNumber: 1, budgetId: 11, itemId: 31, kind: 'line', geometry: { points: [[100, 0], [172, 0]] } } });
    await screen.findByRole('cell', { name: /Curb/ });

    await userEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    await waitFor(() => expect(mutations()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }));
    await waitFor(() => expect(mutations()).toHaveLength(3));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(mutations()).toHaveLength(4));
    expect(mutations().map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /layerItems/9',
      'DELETE /item/9/4?itemId=101',
      'POST /layerItems/9',
      // Drawn again, it is another row: undo follows its new id.
      'DELETE /item/9/4?itemId=102',
    ]);
    expect(mutations()[2]!.body).toEqual(mutations()[0]!.body);
  });

  it('asks for the quantity when the project requires it typed', async () => {
    answer = { ...answer, requireQuantityOnPDFDraw: true };
    await openEditor();
    await pickItem('Manhole');
    clickAt(50, 50);
    clickAt(80, 50);
    fireEvent.keyDown(window, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Quantity of Manhole' });
    const field = within(dialog).getByRole('textbox', { name: 'Quantity (ea)' });
    expect(field).toHaveValue('2');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(TAKEOFF_MESSAGES.quantityRequired, { selector: 'p.Mui-error' })).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
    await userEvent.type(field, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]!.body).toEqual({ pageNumber: 1, budgetId: 11, itemId: 32, kind: 'count', geometry: { points: [[34, 34], [64, 34]] }, quantity: '3' });
  });

  it('calibrates the sheet from a drawn line and its known distance, and shows the scale', async () => {
    await openEditor();
    expect(screen.getByTestId('sheet-scale')).toHaveTextContent('Project scale 1:480');
    await userEvent.click(screen.getByRole('button', { name: 'Calibrate (K)' }));
    clickAt(16, 16);
    clickAt(88, 16);
    const dialog = await screen.findByRole('dialog', { name: 'Calibrate the sheet' });
    expect(dialog).toHaveTextContent('The line you drew is 72.00 pt long');
    const distance = within(dialog).getByRole('textbox', { name: 'Known distance' });
    await userEvent.type(distance, '-4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save scale' }));
    expect(await within(dialog).findByText(TAKEOFF_MESSAGES.scaleDistance)).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
    await userEvent.clear(distance);
    await userEvent.type(distance, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save scale' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()).toEqual([{ method: 'PUT', url: '/layerItems/9/scale', body: { pageNumber: 1, reference: [[0, 0], [72, 0]], distance: '10', unit: 'ft' } }]);
    await waitFor(() => expect(screen.getByTestId('sheet-scale')).toHaveTextContent('Scale: 72 pt = 10 ft'));
  });

  it('lists layers per budget with planned against built, hides a layer and clears one from the page', async () => {
    answer = {
      ...answer,
      items: [
        layerItem({ id: 1, quantity: '40', built: '10' }),
        layerItem({ id: 2, quantity: '20.5', built: '0' }),
        layerItem({ id: 3, budgetId: 12, itemId: 32, itemName: 'Manhole', unit: 'ea', kind: 'count', color: '#0000aa', geometry: { points: [[5, 5]] }, quantity: '1', built: '1' }),
      ],
      marks: [{ id: 7, productionId: 4, productionStatus: 'approved', productionDate: '2026-01-02', crewName: 'North', layerItemId: 1, geometry: { points: [[0, 0], [18, 0]] }, quantity: '10' }],
    };
    await openEditor();
    const table = screen.getByRole('table', { name: 'Planned and built' });
    const curb = within(table).getByRole('row', { name: /Curb/ });
    expect(curb).toHaveTextContent('60.5 lf');
    expect(curb).toHaveTextContent('10 lf (16 %)');
    expect(within(table).getByRole('row', { name: /Manhole/ })).toHaveTextContent('1 ea (100 %)');
    expect(within(table).getByRole('row', { name: /Total lf/ })).toHaveTextContent('60.5');
    // Built is drawn over the plan in its own colour.
    expect(screen.getAllByTestId('line').map((l) => l.dataset.stroke)).toEqual(['#aa0000', '#2e7d32', '#aa0000']);

    await userEvent.click(screen.getByRole('button', { name: 'Hide Budget #12 (approved)' }));
    expect(within(table).queryByRole('row', { name: /Manhole/ })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('circle')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show Budget #12 (approved)' }));
    expect(screen.getAllByTestId('circle')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Budget #11 (draft) on this page' }));
    await waitFor(() => expect(mutations()).toEqual([{ method: 'DELETE', url: '/items/9/4', body: { budgetIds: [11], pageNumber: 1 } }]));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Curb/ })).not.toBeInTheDocument());
  });

  it('adds the measured items the user keeps ticked to the budget', async () => {
    takeoff = [
      { itemId: 31, itemName: 'Curb', itemCode: 'C-1', unit: 'lf', measured: '60.5', drawings: 2, budgetItemId: null, inBudget: null },
      { itemId: 32, itemName: 'Manhole', itemCode: null, unit: 'ea', measured: '4', drawings: 4, budgetItemId: 8, inBudget: '3' },
      { itemId: 33, itemName: 'Sidewalk', itemCode: null, unit: 'sf', measured: '100', drawings: 1, budgetItemId: 9, inBudget: '100' },
    ];
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add to budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Budget #11 (draft)' });
    await within(dialog).findByRole('table', { name: 'Measured items' });
    expect(calls.find((c) => c.url.startsWith('/layerItems/9/takeoff'))?.url).toBe('/layerItems/9/takeoff?budgetId=11');
    expect(within(dialog).getByRole('row', { name: /Manhole/ })).toHaveTextContent('4 ea3 ea');
    // Already in the budget at the measured quantity: unticked.
    expect(within(dialog).getByRole('checkbox', { name: 'Sidewalk' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Manhole' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()).toEqual([{ method: 'POST', url: '/layerItems/9/add-to-budget', body: { budgetId: 11, itemIds: [31] } }]);
  });
  it("marks what a draft production's crew built on a drawing, and saves every mark in one call", async () => {
    answer = {
      ...answer,
      items: [layerItem({ id: 1, budgetItemId: 51, geometry: { points: [[0, 0], [144, 0]] }, quantity: '80' }), layerItem({ id: 2, itemName: 'Gutter', budgetItemId: null })],
      marks: [{ id: 7, productionId: 4, productionStatus: 'approved', productionDate: '2026-01-02', crewName: 'South', layerItemId: 1, geometry: { points: [[100, 0], [144, 0]] }, quantity: '24.444' }],
    };
    const production = makeProduction(77, { crewName: 'North crew', date: '2026-03-10' });
    server.use(
      http.get('/api/v1/production/77', () => HttpResponse.json(production)),
      http.patch('/api/v1/production/77/pdf/items', async ({ request }) => {
        await record(request);
        return HttpResponse.json(production);
      }),
    );
    renderApp('/editor?fileId=9&page=1&productionId=77&returnTo=%2Fproductions%2Finspect%2F77');
    const panel = await screen.findByRole('region', { name: 'Marking production' }, { timeout: 15_000 });
    expect(panel).toHaveTextContent('North crew · 2026-03-10');
    // Marking changes no drawing: no item to draw, no line tool, no adding to the budget.
    expect(screen.queryByRole('combobox', { name: 'Item to draw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Line (L)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to budget' })).not.toBeInTheDocument();

    // Only the drawing added to the budget can carry production.
    const target = within(panel).getByRole('combobox', { name: 'Mark built on' });
    expect(within(target).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a drawing', 'Curb · 80 lf planned (line)']);
    await userEvent.selectOptions(target, 'Curb · 80 lf planned (line)');
    clickAt(16, 16);
    clickAt(88, 16);
    // 72 pt at the project's 1:480 is 40 ft.
    expect(screen.getByTestId('live-quantity')).toHaveTextContent('40 lf');
    await userEvent.click(within(panel).getByRole('button', { name: 'Finish the mark' }));
    expect(within(panel).getByRole('list', { name: 'Marks of this production' })).toHaveTextContent('Curb: 40 lf');
    // The other production's approved mark stays drawn beside this one's, both in the built colour.
    expect(screen.getAllByTestId('line').filter((l) => l.dataset.stroke === '#2e7d32')).toHaveLength(2);
    expect(mutations()).toHaveLength(0);
    // Closing with a mark not saved asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Close the editor' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Cancel' }));
    expect(currentLocation()).toContain('/editor');

    await userEvent.click(within(panel).getByRole('button', { name: 'Save marks' }));
    await waitFor(() => expect(currentLocation()).toBe('/productions/inspect/77'));
    expect(mutations()).toEqual([{ method: 'PATCH', url: '/production/77/pdf/items', body: { marks: [{ layerItemId: 1, geometry: { points: [[0, 0], [72, 0]] } }] } }]);
  });

  it('says a production no longer a draft cannot be marked', async () => {
    answer = { ...answer, items: [layerItem({ id: 1, budgetItemId: 51 })] };
    server.use(http.get('/api/v1/production/77', () => HttpResponse.json(makeProduction(77, { status: 'submitted', canEdit: false }))));
    renderApp('/editor?fileId=9&page=1&productionId=77&returnTo=%2Fproductions%2Finspect%2F77');
    const panel = await screen.findByRole('region', { name: 'Marking production' }, { timeout: 15_000 });
    expect(await within(panel).findByText('This production can no longer be changed: only a draft is marked on the plan.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save marks' })).toBeDisabled();
  });
});
