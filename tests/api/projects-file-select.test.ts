import { filesBody, grant, objects, roleIdOf } from './files-helpers.js';
import { addMember, type TestServer } from './harness.js';
import { API, callAs, clientProject, projectFixture, type CompanySide } from './project-helpers.js';
import { describeEachDatabaseAndStorage } from './s3-server.js';

type Side = Pick<CompanySide, 'token' | 'headers'>;

/** A file uploaded into a folder of the side's file manager (its root unless told). */
async function managerFile(s: TestServer, side: Side, name: string, content: string, folderId?: number) {
  const folder = folderId ?? (await callAs(s, side, 'GET', '/folders/root')).body.folder.id;
  const { body, headers } = filesBody({ folderId: String(folder) }, [{ name, bytes: Buffer.from(content) }]);
  const res = await s.call('POST', `${API}/filesNew`, { token: side.token, headers: { ...side.headers, ...headers }, body });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.files[0] as { id: number; name: string };
}

const add = (s: TestServer, side: Side, projectId: number, type: string, body: unknown) => callAs(s, side, 'POST', `/projects/${projectId}/files/${type}/existing`, body);

const fileRow = (s: TestServer, id: number) => s.services.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDatabaseAndStorage('projects: adding files from the file manager', (server) => {
  it('copies a file into the project folder with bytes of its own: deleting the original keeps the copy', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const original = await managerFile(s, f.owner, 'site-plan.txt', 'the site plan');
    const before = (await objects(s)).length;

    const added = await add(s, f.owner, p.id, 'contract', { fileId: original.id });
    expect(added.status).toBe(201);
    expect(added.body.files).toEqual([expect.objectContaining({ type: 'contract', name: 'site-plan.txt', contentType: 'text/plain', length: 13, uploadedBy: f.owner.user.name })]);
    const copy = added.body.files[0] as { id: number; url: string };
    expect(copy.id).not.toBe(original.id);
    const [copyRow, originalRow] = [await fileRow(s, copy.id), await fileRow(s, original.id)];
    expect(copyRow).toMatchObject({ entity_type: 'project', entity_id: String(p.id), type: 'contract', folder_id: p.folderId, company_id: f.owner.companyId, version_of: null });
    expect(copyRow.object_name).not.toBe(originalRow.object_name);
    expect(copyRow.public_id).not.toBe(originalRow.public_id);
    expect((await objects(s)).length).toBe(before + 1);
    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'changes', 'company_id']).where('entity_type', '=', 'file').where('entity_id', '=', String(copy.id)).execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'created', company_id: f.owner.companyId });
    expect(JSON.parse(trail[0]!.changes).copiedFrom).toEqual({ from: null, to: original.id });

    // The client reads it with the project's files.
    const listed = await callAs(s, f.client, 'GET', `/projects/${p.id}/files?type=contract`);
    expect(listed.body.map((x: { id: number }) => x.id)).toEqual([copy.id]);

    // The original goes, bytes and all; the copy still downloads.
    expect((await callAs(s, f.owner, 'DELETE', `/filesNew/${original.id}`)).status).toBe(204);
    expect((await objects(s)).length).toBe(before);
    const bytes = await s.call('GET', listed.body[0].url);
    expect(bytes.status).toBe(200);
    expect(bytes.body).toBe('the site plan');
    // And the copy goes on its own.
    expect((await callAs(s, f.owner, 'DELETE', `/filesNew/${copy.id}`)).status).toBe(204);
    expect((await objects(s)).length).toBe(before - 1);
  });

  it('adds several at once, remakes a deleted project folder, and refuses what the caller may not see with 404, adding nothing', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const a = await managerFile(s, f.owner, 'a.txt', 'aaa');
    const b = await managerFile(s, f.owner, 'b.txt', 'bbb');
    const theirs = await managerFile(s, f.client, 'client.txt', 'the client file');
    const elsewhere = await managerFile(s, f.stranger, 'stranger.txt', 'the stranger file');

    // The project's folder was deleted in the file manager: adding makes it again.
    expect((await callAs(s, f.owner, 'DELETE', `/folders/${p.folderId}`)).status).toBe(204);
    const both = await add(s, f.owner, p.id, 'other', { fileIds: [b.id, a.id, b.id] });
    expect(both.status).toBe(201);
    expect(both.body.files.map((x: { name: string; type: string }) => [x.name, x.type])).toEqual([
      ['b.txt', 'other'],
      ['a.txt', 'other'],
    ]);
    const folderId = (await callAs(s, f.owner, 'GET', `/projects/${p.id}`)).body.folderId;
    expect(folderId).not.toBe(p.folderId);
    expect((await fileRow(s, both.body.files[0].id)).folder_id).toBe(folderId);

    const rows = async () => (await s.services.db.selectFrom('files').select('id').execute()).length;
    const [rowsBefore, objectsBefore] = [await rows(), (await objects(s)).length];
    for (const body of [{ fileId: theirs.id }, { fileId: elsewhere.id }, { fileIds: [a.id, theirs.id] }, { fileId: 2_000_000 }]) {
      expect((await add(s, f.owner, p.id, 'other', body)).status, JSON.stringify(body)).toBe(404);
    }
    // An earlier version is no file to pick.
    const versioned = await s.services.db.insertInto('files').values({ ...(({ id: _id, ...rest }) => rest)(await fileRow(s, a.id)), public_id: 'old-version-of-a', version_of: a.id }).returning('id').executeTakeFirstOrThrow();
    expect((await add(s, f.owner, p.id, 'other', { fileId: versioned.id })).status).toBe(404);
    await s.services.db.deleteFrom('files').where('id', '=', versioned.id).execute();

    // Bad bodies and types: 400. Only the company that runs it adds (403 before the body); a stranger gets 404.
    for (const body of [{}, { fileIds: [] }, { fileId: 'x' }, { fileIds: [1.5] }, { fileId: a.id, extra: 1 }, { fileIds: Array.from({ length: 101 }, (_, i) => i + 1) }, null]) {
      expect((await add(s, f.owner, p.id, 'other', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await add(s, f.owner, p.id, 'invoice', { fileId: a.id })).status).toBe(400);
    expect((await add(s, f.client, p.id, 'other', { fileId: theirs.id })).status).toBe(403);
    expect((await add(s, f.client, p.id, 'other', { fileId: 'x' })).status).toBe(403);
    expect((await add(s, f.stranger, p.id, 'other', { fileId: elsewhere.id })).status).toBe(404);
    expect(await rows()).toBe(rowsBefore);
    expect((await objects(s)).length).toBe(objectsBefore);
  });

  it("follows the file manager's grants: a project manager by project role adds what they may see, and only that", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    // A supervisor (files:view, no files:manage) who manages this project through a project role.
    const supervisor = await addMember(s, f.owner.companyId, 'Supervisor');
    const supervisorM = (await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', f.owner.companyId).where('user_id', '=', supervisor.user.id).executeTakeFirstOrThrow()).id;
    const pmRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', p.id).where('name', '=', 'Project Manager').executeTakeFirstOrThrow()).id;
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: supervisorM, roleId: pmRole }] })).status).toBe(200);
    const asSupervisor = { token: supervisor.token, headers: f.owner.headers };

    const root = (await callAs(s, f.owner, 'GET', '/folders/root')).body.folder.id;
    const hr = await callAs(s, f.owner, 'POST', '/folders', { parentId: root, name: 'HR' });
    expect((await grant(s, f.owner.token, hr.body.id, 'folder', 'role', await roleIdOf(s, f.owner.companyId, 'HumanResources'))).status).toBe(200);
    const secret = await managerFile(s, f.owner, 'salaries.txt', 'secret', hr.body.id);
    const open = await managerFile(s, f.owner, 'drawing.txt', 'open to all');

    expect((await add(s, asSupervisor, p.id, 'other', { fileId: secret.id })).status).toBe(404);
    expect((await add(s, asSupervisor, p.id, 'other', { fileIds: [open.id, secret.id] })).status).toBe(404);
    const ok = await add(s, asSupervisor, p.id, 'workOrder', { fileId: open.id });
    expect(ok.status).toBe(201);
    expect(ok.body.files[0]).toMatchObject({ name: 'drawing.txt', type: 'workOrder', uploadedBy: supervisor.user.name });
    // Granted to them, it is theirs to add.
    expect((await grant(s, f.owner.token, secret.id, 'file', 'member', supervisorM)).status).toBe(200);
    expect((await add(s, asSupervisor, p.id, 'other', { fileId: secret.id })).status).toBe(201);
    // As Claims (projects:view, no files:view), still a project manager by project role: no file of the manager is theirs to see.
    await s.services.db.updateTable('memberships').set({ role_id: await roleIdOf(s, f.owner.companyId, 'Claims') }).where('id', '=', supervisorM).execute();
    expect((await callAs(s, asSupervisor, 'GET', `/projects/${p.id}`)).body.canManage).toBe(true);
    expect((await add(s, asSupervisor, p.id, 'other', { fileId: open.id })).status).toBe(404);
  });
});
