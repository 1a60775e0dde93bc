import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { outbox } from '../../../src/offline/outbox';
import { fakeToken } from '../fixtures';
import { makeItem, makeProduction } from '../productions-fixtures';
import { emptyOutbox } from './outbox-fixtures';
import { keepBlobsInIndexedDb, mobileStore, recordFileParts, renderMobile, setOnline } from './production-fixtures';

let store = mobileStore();
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = () => 'blob:photo';
  keepBlobsInIndexedDb();
});
beforeEach(async () => {
  setOnline(true);
  await emptyOutbox();
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = mobileStore();
  server.use(...store.handlers);
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const today = () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const writes = () => store.state.sent.map((s) => `${s.method} ${s.path}`);

/** Types the day's three quantities and takes one photo of the first item, as a crew leader does. */
async function recordThreeItems(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Quantity of Curb and gutter' }), '12.5');
  await user.type(screen.getByRole('textbox', { name: 'Quantity of Sidewalk' }), '3');
  await user.type(screen.getByRole('textbox', { name: 'Quantity of Asphalt' }), '0.125');
  await user.upload(screen.getByLabelText('Add photo of Curb and gutter'), new File(['jpeg bytes'], 'IMG_0001.jpg', { type: 'image/jpeg' }));
  expect(await within(screen.getByLabelText('Photos of Curb and gutter')).findByRole('img', { name: 'IMG_0001.jpg' })).toBeInTheDocument();
}

describe('the Production tab', () => {
  it("lists the crew's productions newest first, a rejection with its reason, and what still waits on the phone at the top", async () => {
    store.state.productions.push(
      makeProduction(5, { date: '2026-03-09', status: 'rejected', rejectReason: 'Quantities do not match the plan' }),
      makeProduction(6, { date: '2026-03-10', status: 'approved' }),
    );
    setOnline(false);
    await outbox.enqueue({ label: 'Production of North crew on MSP-1, Mar 11, 2026', method: 'POST', path: '/production/project/1', body: { crewId: 21, date: '2026-03-11', items: [{ budgetItemId: 601, quantity: '1' }], texts: {} } });
    setOnline(true);
    // The list is read while the entry still waits (it is not sent in this test: the outbox is not flushed).
    renderMobile('/productions');
    const waiting = await screen.findByRole('list', { name: 'Waiting to send' });
    expect(within(waiting).getByText('Production of North crew on MSP-1, Mar 11, 2026')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting to send')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Productions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['North crew, Mar 10, 2026', 'North crew, Mar 9, 2026']);
    expect(within(cards[1]!).getByText('Rejected: Quantities do not match the plan')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Approved')).toBeInTheDocument();
    // The crew's productions: the crews the person records for, newest first.
    expect(store.state.listQueries[0]!.getAll('crewId')).toEqual(['21']);
    expect(store.state.listQueries[0]!.get('_sort')).toBe('date');
    expect(store.state.listQueries[0]!.get('_order')).toBe('desc');
    expect(screen.getByRole('link', { name: 'Record production' })).toBeInTheDocument();
  });

  it('says so when the crew has no production yet, and a Crew member sees no way to record', async () => {
    store = mobileStore('Crew');
    server.use(...store.handlers);
    renderMobile('/productions');
    expect(await screen.findByText('No production yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record production' })).toBeNull();
  });
});

describe('recording the day', () => {
  it('sends the production with its items in one call, then the photo of the created item, then the submit, in order, one key each', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    const parts = recordFileParts();
    renderMobile('/productions');
    // Taps from the Production tab (one project and one crew are chosen for the crew leader):
    // 1 Record production; 2–4 the three quantities; 5 Add photo, 6–7 the camera's shutter and
    // "Use photo"; 8 Save and submit. With a project to pick: 10 (and ≤ 12 with the crew).
    await user.click(await screen.findByRole('link', { name: 'Record production' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Record production' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Project/ })).toHaveTextContent('MSP-1 · Main Street Paving'));
    expect(screen.getByRole('combobox', { name: /Crew/ })).toHaveTextContent('North crew');
    expect(screen.getByLabelText(/Day/)).toHaveValue(today());
    expect(await screen.findByRole('textbox', { name: 'Quantity of Sidewalk' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Add photo of Sidewalk')).toHaveAttribute('capture', 'environment');
    await recordThreeItems(user);
    await user.click(screen.getByRole('button', { name: 'Save and submit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Production' })).toBeInTheDocument();
    await waitFor(() => expect(writes()).toEqual(['POST /production/project/1', 'POST /production/item/400/files', 'PATCH /production/40/submit']));
    expect(store.state.sent[0]!.body).toEqual({
      crewId: 21,
      date: today(),
      items: [
        { budgetItemId: 601, quantity: '12.5' },
        { budgetItemId: 602, quantity: '3' },
        { budgetItemId: 603, quantity: '0.125' },
      ],
      texts: {},
    });
    // The photo goes as the phone resized it, in the call's file part.
    expect(parts).toEqual(['file=IMG_0001.jpg']);
    const keys = store.state.sent.map((s) => s.key);
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(3);
    const card = await screen.findByRole('listitem', { name: `North crew, ${new Date(`${today()}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' })}` });
    expect(await within(card).findByText('Submitted')).toBeInTheDocument();
    expect(within(card).getByText(/3 items/)).toBeInTheDocument();
  });

  it('offline, the production waits on the phone and shows at once; it goes when the connection returns', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    renderMobile('/productions/create?projectId=1');
    await recordThreeItems(user);
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const waiting = await screen.findByRole('list', { name: 'Waiting to send' });
    expect(within(waiting).getByRole('listitem', { name: /^Production of North crew on MSP-1/ })).toBeInTheDocument();
    expect(screen.getByText(/It waits on this phone until it is sent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Waiting: 2' })).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);

    setOnline(true);
    await act(() => outbox.flush({ now: true }));
    await waitFor(() => expect(writes()).toEqual(['POST /production/project/1', 'POST /production/item/400/files']));
    expect(await screen.findByRole('list', { name: 'Productions' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Waiting to send' })).toBeNull());
  });

  it('refuses a day without any quantity, and a quantity the server would refuse, before anything waits', async () => {
    const user = userEvent.setup();
    renderMobile('/productions/create');
    await screen.findByRole('textbox', { name: 'Quantity of Sidewalk' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Type the quantity of at least one item')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Quantity of Sidewalk' }), '1.2345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/at most 3 decimals/)).toBeInTheDocument();
    expect(await outbox.list()).toEqual([]);
  });
});

describe('one production', () => {
  it('a rejected one says why; Amend, change a quantity and submit it again, in order', async () => {
    const user = userEvent.setup();
    store.state.productions.push(makeProduction(5, { status: 'rejected', rejectReason: 'Curb is short', canEdit: false, canSubmit: false, canAmend: true, items: [makeItem(1, { productionId: 5, itemName: 'Curb and gutter', quantity: '10' })] }));
    renderMobile('/productions/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Rejected: Curb is short');
    expect(screen.queryByRole('textbox', { name: 'Quantity of Curb and gutter' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Amend' }));
    await waitFor(() => expect(writes()).toEqual(['POST /production/5/amend']));
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Curb and gutter' });
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(screen.getByRole('button', { name: 'Save and submit' }));
    await waitFor(() => expect(writes()).toEqual(['POST /production/5/amend', 'PATCH /production/5/items', 'PATCH /production/5/submit']));
    expect(store.state.sent[1]!.body).toEqual({ items: [{ id: 1, quantity: '12' }] });
    await waitFor(() => expect(screen.getByText('Submitted')).toBeInTheDocument());
  });

  it("a draft's item is removed after asking, and the day's weather and delays are written beside its notes", async () => {
    const user = userEvent.setup();
    const items = [makeItem(1, { productionId: 8, itemName: 'Curb and gutter', quantity: '10' }), makeItem(2, { productionId: 8, itemName: 'Sidewalk', quantity: '4' })];
    store.state.productions.push(makeProduction(8, { items, texts: { notes: 'Started late' } }));
    renderMobile('/productions/8');
    expect(await screen.findByRole('textbox', { name: 'Notes on the day' })).toHaveValue('Started late');
    await user.click(screen.getByRole('button', { name: 'Remove Sidewalk from this production' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove Sidewalk?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Sidewalk from this production' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Sidewalk?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes()).toEqual(['DELETE /production/item/2']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Quantity of Sidewalk' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Quantity of Curb and gutter' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add weather, delays or safety' }));
    await user.type(screen.getByRole('textbox', { name: 'Weather' }), 'Rain after 2 pm');
    await user.type(screen.getByRole('textbox', { name: 'Delays' }), 'Paver broke down');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toEqual(['DELETE /production/item/2', 'PATCH /production/8']));
    // Only what changed goes; the notes stay as they were.
    expect(store.state.sent[1]!.body).toEqual({ texts: { weather: 'Rain after 2 pm', delays: 'Paver broke down' } });
  });

  it('an approved one is read only', async () => {
    store.state.productions.push(makeProduction(6, { status: 'approved', canEdit: false, canSubmit: false, canAmend: false, texts: { weather: 'Sunny, 31 °C' } }));
    renderMobile('/productions/6');
    expect(await screen.findByText('Approved: it can no longer change here.')).toBeInTheDocument();
    expect(within(screen.getByRole('definition')).getByText('Sunny, 31 °C')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save|Amend/ })).toBeNull();
  });

  it('shows a banner leading to Waiting when the server refused a change because the production moved on', async () => {
    const user = userEvent.setup();
    store.state.productions.push(makeProduction(7));
    store.state.refuse = { status: 409, body: { error: { statusCode: 409, code: 'CONFLICT', message: 'Only a draft production can change: amend it first', current: makeProduction(7, { status: 'approved' }) } } };
    renderMobile('/productions/7');
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Item 1' });
    await user.clear(quantity);
    await user.type(quantity, '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed on the server meanwhile/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open Waiting' }));
    expect(await screen.findByText('Changed meanwhile')).toBeInTheDocument();
  });
});
