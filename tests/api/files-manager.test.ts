import { sql } from 'kysely';
import { ownerWithCompany, TINY_PNG } from './harness.js';
import { describeEachDatabaseAndStorage } from './s3-server.js';
import { API, FILE_MESSAGES, filesBody, newFolder, objects, rootOf, upload, uploadOne } from './files-helpers.js';

describeEachDatabaseAndStorage('file manager: folders and files', (server) => {
  it("gives every new company a root folder, and names new folders 'New Folder', 'New Folder (2)'...", async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await s.call('GET', `${API}/folders/root`, { token });
    expect(root.status).toBe(200);
    expect(root.body.folder).toMatchObject({ name: 'Files', isRoot: true, parentId: null, canManage: true });
    expect(root.body.breadcrumbs).toEqual([{ id: root.body.folder.id, name: 'Files' }]);

    const first = await newFolder(s, token, root.body.folder.id);
    const second = await newFolder(s, token, root.body.folder.id);
    expect([first.name, second.name]).toEqual(['New Folder', 'New Folder (2)']);
    const clash = await s.call('POST', `${API}/folders`, { token, body: { parentId: root.body.folder.id, name: 'new folder' } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(FILE_MESSAGES.nameTaken);

    const inner = await newFolder(s, token, first.id, 'Plans');
    const answer = await s.call('GET', `${API}/folders/folderId/${inner.id}`, { token });
    expect(answer.body.breadcrumbs.map((b: { name: string }) => b.name)).toEqual(['Files', 'New Folder', 'Plans']);
    const listed = await s.call('GET', `${API}/folders/root`, { token });
    expect(listed.body.folders.map((f: { name: string }) => f.name)).toEqual(['New Folder', 'New Folder (2)']);
  });

  it('stores path-like names as plain names and refuses names with a slash', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const refused = await s.call('POST', `${API}/folders`, { token, body: { parentId: root.id, name: '../../etc/passwd' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ field: 'name', message: FILE_MESSAGES.nameInvalid }]);
    expect((await s.call('POST', `${API}/folders`, { token, body: { parentId: root.id, name: '..' } })).status).toBe(400);

    const file = await uploadOne(s, token, root.id, '../../etc/passwd');
    expect(file.name).toBe('passwd');
    const row = await s.services.db.selectFrom('files').select(['object_name', 'name']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.object_name).not.toContain('..');
    const rename = await s.call('PATCH', `${API}/filesNew/secured/${file.id}`, { token, body: { filename: '../../etc/passwd' } });
    expect(rename.status).toBe(400);
    expect((await s.call('GET', `${API}/filesNew/secured/${file.id}`, { token })).body.name).toBe('passwd');
  });

  it('uploads several files, lists them paged and sorted, renames, moves and deletes one with its bytes', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const folder = await newFolder(s, token, root.id, 'Site photos');
    const res = await upload(s, token, folder.id, [
      { name: 'b.txt', bytes: Buffer.from('bbbb') },
      { name: 'a.txt', bytes: Buffer.from('a') },
      { name: 'c.txt', bytes: Buffer.from('cc') },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.errors).toEqual([]);
    expect(res.body.files).toHaveLength(3);

    const page = await s.call('GET', `${API}/filesNew/folderId/${folder.id}?_start=0&_end=2`, { token });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((f: { name: string }) => f.name)).toEqual(['a.txt', 'b.txt']);
    const byLength = await s.call('GET', `${API}/filesNew/folderId/${folder.id}?_sort=length&_order=desc`, { token });
    expect(byLength.body.map((f: { length: number }) => f.length)).toEqual([4, 2, 1]);

    const b = res.body.files.find((f: { name: string }) => f.name === 'b.txt');
    const bytes = await s.app.inject({ method: 'GET', url: b.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('bbbb');
    const resumed = await s.app.inject({ method: 'GET', url: b.downloadUrl, headers: { range: 'bytes=2-' } });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.body).toBe('bb');
    expect(resumed.headers['content-disposition']).toMatch(/^attachment/);
    expect((await s.app.inject({ method: 'GET', url: b.url.split('?')[0] })).statusCode).toBe(404);

    const renamed = await s.call('PATCH', `${API}/filesNew/secured/${b.id}`, { token, body: { filename: 'report.txt' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'report.txt', filename: 'b.txt' });
    const moved = await s.call('PATCH', `${API}/filesNew/secured/${b.id}`, { token, body: { folderId: root.id } });
    expect(moved.body.folderId).toBe(root.id);
    expect((await s.call('GET', `${API}/filesNew/folderId/${folder.id}`, { token })).headers['x-total-count']).toBe('2');

    const objectName = (await s.services.db.selectFrom('files').select('object_name').where('id', '=', b.id).executeTakeFirstOrThrow()).object_name;
    expect(await objects(s)).toContain(objectName);
    expect((await s.call('DELETE', `${API}/filesNew/${b.id}`, { token })).status).toBe(204);
    expect((await s.call('GET', `${API}/filesNew/secured/${b.id}`, { token })).status).toBe(404);
    expect(await objects(s)).not.toContain(objectName);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'file').where('entity_id', '=', String(b.id)).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['created', 'renamed', 'moved', 'deleted']);
  });

  it('searches names by substring, ignoring case, through the trigram index on SQLite', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const folder = await newFolder(s, token, root.id, 'Permits 2026');
    await uploadOne(s, token, folder.id, 'Excavation permit.pdf');
    await uploadOne(s, token, folder.id, 'invoice.pdf');
    const found = await s.call('GET', `${API}/filesNew/search/?substring=PERMIT`, { token });
    expect(found.body.map((f: { name: string; folderName: string }) => [f.name, f.folderName])).toEqual([['Excavation permit.pdf', 'Permits 2026']]);
    expect(found.headers['x-total-count']).toBe('1');
    expect((await s.call('GET', `${API}/folders/search/?substring=permit`, { token })).body.map((f: { name: string }) => f.name)).toEqual(['Permits 2026']);
    expect((await s.call('GET', `${API}/filesNew/search/?substring=`, { token })).status).toBe(400);
    if (s.services.dialect !== 'sqlite') return;
    // With the index emptied, a search it serves finds nothing: the answer came from the index.
    await sql.raw(`insert into files_text (files_text) values ('delete-all')`).execute(s.services.db);
    expect((await s.call('GET', `${API}/filesNew/search/?substring=permit`, { token })).body).toEqual([]);
    await sql.raw(`insert into files_text (files_text) values ('rebuild')`).execute(s.services.db);
    expect((await s.call('GET', `${API}/filesNew/search/?substring=permit`, { token })).body).toHaveLength(1);
  });

  it('answers each refused file beside the stored ones', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const big = Buffer.alloc(1024 * 1024 + 10, 1);
    const res = await upload(s, token, root.id, [
      { name: 'big.bin', bytes: big },
      { name: 'ok.txt', bytes: Buffer.from('ok') },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: { name: string }) => f.name)).toEqual(['ok.txt']);
    expect(res.body.errors).toEqual([{ filename: 'big.bin', message: FILE_MESSAGES.tooLarge(1) }]);
    const alone = await upload(s, token, root.id, [{ name: 'big.bin', bytes: big }]);
    expect(alone.status).toBe(413);
    const before = await s.services.db.selectFrom('files').select('id').execute();
    const { body, headers } = filesBody({}, [{ name: 'lost.txt', bytes: Buffer.from('x') }]);
    const noFolder = await s.call('POST', `${API}/filesNew`, { token, body, headers });
    expect(noFolder.status).toBe(400);
    expect(noFolder.body.error.details).toEqual([{ field: 'folderId', message: 'The folder to upload into is required' }]);
    expect(await s.services.db.selectFrom('files').select('id').execute()).toEqual(before);
  });

  it('renames and moves folders, never into themselves, and never the root', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const a = await newFolder(s, token, root.id, 'A');
    const b = await newFolder(s, token, a.id, 'B');
    const intoChild = await s.call('PATCH', `${API}/folders/${a.id}`, { token, body: { parentId: b.id } });
    expect(intoChild.status).toBe(400);
    expect(intoChild.body.message).toBe(FILE_MESSAGES.moveIntoItself);
    expect((await s.call('PATCH', `${API}/folders/${a.id}`, { token, body: { parentId: a.id } })).status).toBe(400);
    expect((await s.call('PATCH', `${API}/folders/${root.id}`, { token, body: { name: 'Mine' } })).body.message).toBe(FILE_MESSAGES.rootFixed);
    expect((await s.call('DELETE', `${API}/folders/${root.id}`, { token })).status).toBe(400);

    await newFolder(s, token, root.id, 'B');
    const taken = await s.call('PATCH', `${API}/folders/${b.id}`, { token, body: { parentId: root.id } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(FILE_MESSAGES.nameTaken);
    const moved = await s.call('PATCH', `${API}/folders/${b.id}`, { token, body: { parentId: root.id, name: 'B2' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'B2', parentId: root.id });
  });

  it("deletes a folder's whole subtree: folders, file rows with their versions, and bytes", async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const root = await rootOf(s, token);
    const a = await newFolder(s, token, root.id, 'A');
    const b = await newFolder(s, token, a.id, 'B');
    const f1 = await uploadOne(s, token, a.id, 'one.txt');
    const f2 = await uploadOne(s, token, b.id, 'two.txt');
    const { body, headers } = filesBody({}, [{ name: 'edited.txt', bytes: Buffer.from('edited'), field: 'img' }]);
    const edited = await s.call('PATCH', `${API}/filesNew/${f2.id}`, { token, body, headers });
    expect(edited.status).toBe(200);
    expect(edited.body.previousVersions).toBe(1);
    expect((await s.app.inject({ method: 'GET', url: edited.body.url })).body).toBe('edited');
    // New bytes, new link: a browser keeps what the old link showed for as long as it lives.
    expect(edited.body.url).not.toBe(f2.url);
    // The trail names the change, without byte counts (an image from the editor reads "picture edited").
    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'changes']).where('entity_type', '=', 'file').where('entity_id', '=', String(f2.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(trail).toEqual({ action: 'replaced', changes: '{}' });
    const picture = filesBody({}, [{ name: 'edited.png', type: 'image/png', bytes: TINY_PNG, field: 'img' }]);
    expect((await s.call('PATCH', `${API}/filesNew/${f1.id}`, { token, body: picture.body, headers: picture.headers })).status).toBe(200);
    const pictureTrail = await s.services.db.selectFrom('audit_events').select(['action', 'changes']).where('entity_type', '=', 'file').where('entity_id', '=', String(f1.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(pictureTrail).toEqual({ action: 'picture edited', changes: '{}' });

    const stored = await s.services.db.selectFrom('files').select('object_name').where('folder_id', 'in', [a.id, b.id]).execute();
    // Two files, each with its earlier version.
    expect(stored).toHaveLength(4);
    expect((await s.call('DELETE', `${API}/folders/${a.id}`, { token })).status).toBe(204);
    expect(await s.services.db.selectFrom('folders').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
    expect(await s.services.db.selectFrom('files').select('id').where('id', 'in', [f1.id, f2.id]).execute()).toEqual([]);
    expect(await s.services.db.selectFrom('files').select('id').where('folder_id', 'in', [a.id, b.id]).execute()).toEqual([]);
    const left = await objects(s);
    for (const o of stored) expect(left).not.toContain(o.object_name);
  });
}, { maxUploadMb: 1 });
