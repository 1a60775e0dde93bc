import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FILE_MESSAGES } from '../../resources/files';
import { fakeToken, fakeUser } from './fixtures';
import { fileStore, recordFormParts } from './files-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = fileStore();
const server = setupServer(...store.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store = fileStore();
  server.resetHandlers(...store.handlers);
  recordFormParts(store.state);
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const card = (name: string) => screen.findByRole('listitem', { name: new RegExp(`^(Folder|PDF|Document|File|Image) ${name.replace(/[.()]/g, '\\$&')}$`) });
const crumbs = () => screen.getByRole('navigation', { name: 'Folder path' });

describe('file manager', () => {
  it('opens folders from cards and the keyboard, and goes back up with the breadcrumbs', async () => {
    const user = userEvent.setup();
    renderApp('/files');
    await user.click(await card('Site photos'));
    await waitFor(() => expect(currentLocation()).toBe('/files/2'));
    await card('plan.txt');
    expect(within(crumbs()).getByRole('link', { name: 'Acme Paving' })).toBeInTheDocument();
    expect(within(crumbs()).getByText('Site photos')).toHaveAttribute('aria-current', 'page');

    (await card('Week 1')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/files/3'));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    await user.click(within(crumbs()).getByRole('link', { name: 'Site photos' }));
    await waitFor(() => expect(currentLocation()).toBe('/files/2'));
    expect(await card('Week 1')).toBeInTheDocument();
  });

  it("creates a folder named 'New Folder' and opens its name for editing", async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    await user.click(await screen.findByRole('button', { name: 'New Folder' }));
    expect(await screen.findByText(FILE_MESSAGES.folderAdded)).toBeInTheDocument();
    expect(store.state.sent[0]).toEqual({ method: 'POST', path: '/folders', body: { parentId: 2 } });
    const field = await screen.findByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('New Folder');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Receipts{Enter}');
    expect(await screen.findByText(FILE_MESSAGES.folderUpdated)).toBeInTheDocument();
    expect(store.state.sent[1]).toEqual({ method: 'PATCH', path: '/folders/100', body: { name: 'Receipts' } });
    expect(await card('Receipts')).toBeInTheDocument();
  });

  it('renames in place with F2', async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    (await card('plan.txt')).focus();
    await user.keyboard('{F2}');
    const field = await screen.findByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('plan.txt');
    await user.clear(field);
    await user.type(field, 'site plan.txt{Enter}');
    expect(await screen.findByText(FILE_MESSAGES.fileRenamed)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/filesNew/secured/20', body: { filename: 'site plan.txt' } }]);
    expect(await card('site plan.txt')).toBeInTheDocument();
  });

  it('keeps the name open with the reason when the server refuses it', async () => {
    const user = userEvent.setup();
    renderApp('/files');
    await user.click(await screen.findByRole('button', { name: 'New Folder' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Site photos{Enter}');
    expect(await screen.findByText(FILE_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(name).toBeInTheDocument();
  });

  it('asks before deleting, and deletes nothing on Cancel', async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    (await card('plan.txt')).focus();
    await user.keyboard('{Delete}');
    let dialog = await screen.findByRole('dialog', { name: 'Delete file?' });
    expect(within(dialog).getByText(/“plan.txt” will be deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.state.sent).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Actions for plan.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FILE_MESSAGES.fileDeleted)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'DELETE', path: '/filesNew/20', body: null }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Document plan.txt' })).not.toBeInTheDocument());
  });

  it('deletes and moves several selected items at once', async () => {
    const user = userEvent.setup();
    store.state.files.push({ ...store.state.files[0]!, id: 22, name: 'notes.txt' });
    renderApp('/files/2');
    await user.click(await screen.findByRole('checkbox', { name: 'Select plan.txt' }));
    // With a selection, a click adds to it rather than opening.
    await user.click(await card('notes.txt'));
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    await user.click(await within(dialog).findByRole('button', { name: 'Week 1' }));
    await within(dialog).findByText('No sub-folders');
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText(FILE_MESSAGES.fileUpdated)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      { method: 'PATCH', path: '/filesNew/secured/20', body: { folderId: 3 } },
      { method: 'PATCH', path: '/filesNew/secured/22', body: { folderId: 3 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Document plan.txt' })).not.toBeInTheDocument());
  });

  it('shows a bar per file below 100 while sending and 100 once answered, and the first error the server reports', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    store.state.gate = new Promise((r) => (release = r));
    store.state.uploadErrors = [
      { filename: 'b.exe', message: 'This type of file is not accepted' },
      { filename: 'c.bin', message: 'Second problem' },
    ];
    renderApp('/files/2');
    await card('plan.txt');
    const files = ['a.txt', 'b.exe', 'c.bin'].map((n) => new File(['x'.repeat(1000)], n, { type: 'text/plain' }));
    await user.upload(screen.getByTestId('upload-input'), files);
    const bar = (name: string) => screen.getByRole('progressbar', { name: `Upload of ${name}` });
    await waitFor(() => expect(store.state.uploads).toHaveLength(1));
    for (const f of files) expect(Number(bar(f.name).getAttribute('aria-valuenow'))).toBeLessThan(100);
    // The folder goes first so the server knows where the files go before reading them.
    expect(store.state.uploads[0]).toEqual({ fields: ['folderId', 'file', 'file', 'file'], names: ['a.txt', 'b.exe', 'c.bin'] });

    release();
    await waitFor(() => expect(bar('a.txt')).toHaveAttribute('aria-valuenow', '100'));
    expect(await screen.findByText(FILE_MESSAGES.fileAdded)).toBeInTheDocument();
    // Each refused file says why at its bar; only the first reason is shown as the error notice.
    const panel = screen.getByRole('region', { name: 'Uploads' });
    const outsidePanel = (text: string) => screen.queryAllByText(text).filter((el) => !panel.contains(el));
    await waitFor(() => expect(outsidePanel('This type of file is not accepted')).toHaveLength(1));
    expect(outsidePanel('Second problem')).toHaveLength(0);
    expect(within(panel).getByText('Second problem')).toBeInTheDocument();
    expect(await card('a.txt')).toBeInTheDocument();
  });

  it('refuses a file over the server limit without sending it, and reads a 413 the same way', async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    await card('plan.txt');
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.mov', { type: 'video/quicktime' });
    await waitFor(() => expect(screen.getByTestId('upload-input')).toBeInTheDocument());
    // The limit arrives from /health; wait for it before choosing the file.
    await new Promise((r) => setTimeout(r, 100));
    await user.upload(screen.getByTestId('upload-input'), big);
    expect(await screen.findByText(FILE_MESSAGES.tooLarge(1))).toBeInTheDocument();
    expect(store.state.uploads).toEqual([]);

    store.state.uploadStatus = 413;
    await user.upload(screen.getByTestId('upload-input'), new File(['small'], 'small.txt', { type: 'text/plain' }));
    await waitFor(() => expect(store.state.uploads).toHaveLength(1));
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(panel).getByText(FILE_MESSAGES.tooLarge(1))).toBeInTheDocument());
    expect(screen.queryAllByText(FILE_MESSAGES.tooLarge(1)).filter((el) => !panel.contains(el))).not.toHaveLength(0);
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
  });

  it('lists grants in the permission dialog, adds a role and removes it again', async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    await user.click(await screen.findByRole('button', { name: 'Actions for plan.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions: plan.txt' });
    expect(within(dialog).getByText(/Not restricted/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Foreman' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Foreman')).toBeInTheDocument();
    expect(within(dialog).getByText('Role · Can view')).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      { method: 'POST', path: '/folder/file/permission/20', body: { type: 'file', action: 'add', permission: { subjectType: 'role', subjectId: 4, level: 'view' } } },
    ]);
    expect(await screen.findByText(FILE_MESSAGES.fileUpdated)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Foreman' }));
    expect(await within(dialog).findByText(/Not restricted/)).toBeInTheDocument();
    expect(store.state.sent[1]).toEqual({
      method: 'POST',
      path: '/folder/file/permission/20',
      body: { type: 'file', action: 'remove', permission: { subjectType: 'role', subjectId: 4, level: 'view' } },
    });
  });

  it('shows where grants come from when a file inherits them, and returns to inheriting', async () => {
    const user = userEvent.setup();
    store.state.folders[1]!.permissions = [{ subjectType: 'role', subjectId: 4, subjectName: 'Foreman', level: 'manage' }];
    store.state.files[0]!.permissions = [{ subjectType: 'role', subjectId: 3, subjectName: 'Owner', level: 'view' }];
    renderApp('/files/2');
    await user.click(await screen.findByRole('button', { name: 'Actions for plan.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions: plan.txt' });
    expect(within(dialog).getByText('Owner')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inherit from parent' }));
    expect(await within(dialog).findByText(/Inherited from “Site photos”/)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/folder/file/permission/20', body: { type: 'file', action: 'inherit' } }]);
  });

  it('remembers the list view and shows name, type, size and uploader', async () => {
    const user = userEvent.setup();
    renderApp('/files/2');
    await card('plan.txt');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const table = await screen.findByRole('table', { name: 'Folders and files' });
    const row = within(table).getByRole('row', { name: /plan.txt/ });
    expect(within(row).getByText('Document')).toBeInTheDocument();
    expect(within(row).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(row).getByText('Dana Field')).toBeInTheDocument();
    expect(localStorage.getItem('fieldwork.files.view.1')).toBe('list');
  });

  it('searches and says where each result is', async () => {
    const user = userEvent.setup();
    renderApp('/files');
    await card('Site photos');
    await user.type(screen.getByRole('textbox', { name: 'Search files and folders' }), 'plan{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/files/search?substring=plan'));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByRole('link', { name: 'In Acme Paving / Site photos' })).toHaveAttribute('href', '/files/2');
    await user.click(within(results).getByText('plan.txt'));
    await waitFor(() => expect(currentLocation()).toBe('/files/preview/20'));
    expect(await screen.findByText('There is no preview for this type of file.')).toBeInTheDocument();
  });

  it('drops files from the desktop onto a folder card to upload there', async () => {
    renderApp('/files/2');
    const target = await card('Week 1');
    const file = new File(['hello'], 'dropped.txt', { type: 'text/plain' });
    const dataTransfer = { files: [file], types: ['Files'], getData: () => '' };
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(store.state.uploads).toEqual([{ fields: ['folderId', 'file'], names: ['dropped.txt'] }]));
    expect(store.state.files.find((f) => f.name === 'dropped.txt')?.folderId).toBe(3);
  });

  it('moves a card dragged onto a breadcrumb into that folder', async () => {
    renderApp('/files/2');
    const dragged = await card('plan.txt');
    const data = new Map<string, string>();
    const dataTransfer = {
      files: [],
      get types() {
        return [...data.keys()];
      },
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(dragged, { dataTransfer });
    const root = within(crumbs()).getByRole('link', { name: 'Acme Paving' });
    fireEvent.dragOver(root, { dataTransfer });
    fireEvent.drop(root, { dataTransfer });
    await waitFor(() => expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/filesNew/secured/20', body: { folderId: 1 } }]));
    expect(await screen.findByText(FILE_MESSAGES.fileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Document plan.txt' })).not.toBeInTheDocument());
  });

  it('is not open to Claims, who have no Files in the menu either', async () => {
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Claims') })),
      // Where Claims land instead.
      http.get('/api/v1/companies/7/damage-types', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    renderApp('/files/2');
    await waitFor(() => expect(currentLocation()).not.toMatch(/^\/files/));
    expect(screen.queryByRole('link', { name: 'Files' })).not.toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
  });

  it('says when a folder cannot be loaded and loads it on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(http.get('/api/v1/folders/folderId/2', () => (fail ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'Server unavailable' } }, { status: 503 }) : undefined)));
    renderApp('/files/2');
    expect(await screen.findByText(/The folder could not be loaded: Server unavailable/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('plan.txt')).toBeInTheDocument();
  });
});
