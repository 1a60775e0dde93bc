import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { TASK_MESSAGES, TASK_SUCCESS, illegalMoveMessage } from '../../resources/task';
import { addFilter } from './filter-bar-helpers';
import { fakeToken } from './fixtures';
import { currentLocation, renderApp } from './render-app';
import { taskStore } from './tasks-fixtures';

let store = taskStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = taskStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the tasks screen', () => {
  it('lists tasks in the grid with their status, sends the filter bar, and switches to the board', async () => {
    const user = userEvent.setup();
    renderApp('/tasks');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Mark the trench')).toBeInTheDocument();
    expect(within(grid).getByText('In progress')).toBeInTheDocument();
    expect(store.state.listQueries[0]!.get('_sort')).toBe('createdAt');
    const bar = screen.getByRole('search', { name: 'Filter tasks' });
    await addFilter(user, bar, 'Priority', 'is', { pick: 'Urgent' });
    await waitFor(() => expect(store.state.listQueries.at(-1)!.get('priority')).toBe('urgent'));
    await user.type(within(bar).getByLabelText('Search'), 'trench');
    await waitFor(() => expect(store.state.listQueries.at(-1)!.get('q')).toBe('trench'));
    // The board keeps the grid's conditions: they are in the address.
    await user.click(screen.getByRole('button', { name: 'Board' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks?priority=urgent&q=trench&view=board'));
    expect(screen.getByRole('button', { name: 'Priority is Urgent' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('search', { name: 'Filter tasks' })).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks?view=board'));
    for (const column of ['Open', 'In progress', 'Completed', 'Rejected', 'Discarded']) expect(await screen.findByRole('region', { name: column })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Open' })).getByText('Mark the trench')).toBeInTheDocument();
  });

  it("moves a card with its menu (the keyboard way), and a refused move shows the server's message and the card goes back", async () => {
    const user = userEvent.setup();
    renderApp('/tasks?view=board');
    const open = await screen.findByRole('region', { name: 'Open' });
    await within(open).findByText('Mark the trench');
    await user.click(within(open).getByRole('button', { name: 'Move Mark the trench' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to In progress' }));
    await waitFor(() => expect(store.state.sent.at(-1)).toEqual({ method: 'PATCH', path: '/tasks/1', body: { status: 'progress' } }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'In progress' })).getByText('Mark the trench')).toBeInTheDocument());
    // The menu offers only the machine's moves: a completed task reopens into progress only.
    const done = screen.getByRole('region', { name: 'Completed' });
    await user.click(within(done).getByRole('button', { name: 'Move Old job' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Move to In progress']);
    await user.keyboard('{Escape}');
    // A drop the server refuses (completed → open): the message shows and the card stays where it was.
    const card = within(done).getByText('Old job').closest('[data-task-id]')!;
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.drop(screen.getByRole('region', { name: 'Open' }), { dataTransfer });
    expect(await screen.findByText(illegalMoveMessage('completed', 'open'))).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Completed' })).getByText('Old job')).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Open' })).queryByText('Old job')).not.toBeInTheDocument();
  });

  it('a new task is checked with the contract (an end before the start is refused), then created with Task Created', { timeout: 30000 }, async () => {
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a project')).toBeInTheDocument();
    expect(within(dialog).getByText(TASK_MESSAGES.summary)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await user.type(within(dialog).getByLabelText(/^Summary/), 'Saw cut the slab');
    await user.type(within(dialog).getByLabelText('End date'), '2026-03-01');
    await user.type(within(dialog).getByLabelText('Start date'), '2026-03-05');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(TASK_MESSAGES.dates)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Start date'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(store.state.sent[0]).toMatchObject({ method: 'POST', path: '/projects/1/tasks', body: { summary: 'Saw cut the slab', endDate: '2026-03-01', startDate: null } }));
    expect(await screen.findByText(TASK_SUCCESS.created)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/tasks/10'));
  });

  it('the task page shows its fields, decimal items and activity, and posts a comment', async () => {
    const user = userEvent.setup();
    renderApp('/tasks/1');
    expect(await screen.findByRole('heading', { name: 'Mark the trench' })).toBeInTheDocument();
    expect(screen.getByText('12.345 LF')).toBeInTheDocument();
    expect(screen.getByText('North crew')).toBeInTheDocument();
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    // The trail's time is the project's (Denver, summer time since Mar 8), named, not the company's nor the browser's.
    expect(screen.getByText('Olivia Owner · Mar 10, 2026, 9:00 AM MDT')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Gate code 1234');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(store.state.sent.at(-1)).toEqual({ method: 'POST', path: '/tasks/1/comments', body: { comment: 'Gate code 1234' } }));
    expect(await screen.findByText('Gate code 1234')).toBeInTheDocument();
  });
});
