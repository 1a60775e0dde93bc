import { filesBody } from './files-helpers.js';
import { addMember, describeEachDatabase, type TestServer } from './harness.js';
import { API, callAs, clientProject, projectFixture, type CompanySide } from './project-helpers.js';

const send = (s: TestServer, side: Pick<CompanySide, 'token' | 'headers'>, projectId: number, type: string, files: Array<{ name: string; bytes: Buffer; type?: string }>) => {
  const { body, headers } = filesBody({}, files.map((f) => ({ ...f, field: 'file' })));
  return s.call('POST', `${API}/projects/${projectId}/files/${type}`, { token: side.token, headers: { ...side.headers, ...headers }, body });
};

async function objects(s: TestServer) {
  const names: string[] = [];
  for await (const o of s.services.storage.list()) names.push(o.name);
  return names;
}

const MB = 1024 * 1024;

describeEachDatabase(
  'projects: files',
  (server) => {
    it('stores files of a type in the project folder, lists them by type with working links, and shows them to the client', async () => {
      const s = server();
      const f = await projectFixture(s);
      const p = await clientProject(s, f);
      const contracts = await send(s, f.owner, p.id, 'contract', [
        { name: 'contract.txt', bytes: Buffer.from('the contract') },
        { name: 'annex.txt', bytes: Buffer.from('the annex') },
      ]);
      expect(contracts.status).toBe(201);
      expect(contracts.body.errors).toEqual([]);
      expect(contracts.body.files.map((x: { name: string; type: string }) => [x.name, x.type])).toEqual([
        ['contract.txt', 'contract'],
        ['annex.txt', 'contract'],
      ]);
      expect(contracts.body.files[0]).toMatchObject({ contentType: 'text/plain', length: 12, uploadedBy: f.owner.user.name });
      const order = await send(s, f.owner, p.id, 'workOrder', [{ name: 'wo.txt', bytes: Buffer.from('work order') }]);
      expect(order.status).toBe(201);

      const rows = await s.services.db.selectFrom('files').selectAll().where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).orderBy('id').execute();
      expect(rows.map((r) => [r.type, r.folder_id, r.company_id])).toEqual([
        ['contract', p.folderId, f.owner.companyId],
        ['contract', p.folderId, f.owner.companyId],
        ['workOrder', p.folderId, f.owner.companyId],
      ]);
      const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'file').where('entity_id', 'in', rows.map((r) => String(r.id))).execute();
      expect(trail).toHaveLength(3);

      const all = await callAs(s, f.client, 'GET', `/projects/${p.id}/files`);
      expect(all.status).toBe(200);
      expect(all.body.map((x: { name: string }) => x.name)).toEqual(['contract.txt', 'annex.txt', 'wo.txt']);
      const orders = await callAs(s, f.owner, 'GET', `/projects/${p.id}/files?type=workOrder`);
      expect(orders.body.map((x: { name: string }) => x.name)).toEqual(['wo.txt']);
      const bytes = await s.call('GET', orders.body[0].url);
      expect(bytes.status).toBe(200);
      expect(bytes.body).toBe('work order');
      // The file manager shows them in the project's folder.
      const listed = await callAs(s, f.owner, 'GET', `/filesNew/folderId/${p.folderId}`);
      expect(listed.body.map((x: { name: string }) => x.name).sort()).toEqual(['annex.txt', 'contract.txt', 'wo.txt']);

      expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/files?type=invoice`)).status).toBe(400);
      expect((await send(s, f.owner, p.id, 'invoice', [{ name: 'x.txt', bytes: Buffer.from('x') }])).status).toBe(400);
      expect((await send(s, f.client, p.id, 'other', [{ name: 'x.txt', bytes: Buffer.from('x') }])).status).toBe(403);
      expect((await send(s, f.stranger, p.id, 'other', [{ name: 'x.txt', bytes: Buffer.from('x') }])).status).toBe(404);
      expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}/files`)).status).toBe(404);
      expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/files`)).body).toHaveLength(3);
    });

    it('refuses a file over the limit with 413 keeping nothing of it, and keeps the others of the request', async () => {
      const s = server();
      const f = await projectFixture(s);
      const p = await clientProject(s, f);
      const before = (await objects(s)).length;
      const big = Buffer.alloc(MB + 10, 1);
      const alone = await send(s, f.owner, p.id, 'other', [{ name: 'big.bin', bytes: big }]);
      expect(alone.status).toBe(413);
      expect((await objects(s)).length).toBe(before);
      const mixed = await send(s, f.owner, p.id, 'other', [
        { name: 'big.bin', bytes: big },
        { name: 'small.txt', bytes: Buffer.from('small') },
      ]);
      expect(mixed.status).toBe(201);
      expect(mixed.body.files.map((x: { name: string }) => x.name)).toEqual(['small.txt']);
      expect(mixed.body.errors).toEqual([{ filename: 'big.bin', message: expect.stringContaining('too large') }]);
      expect((await objects(s)).length).toBe(before + 1);
    });

    it("is deleted through the file manager by the owner's project manager, bytes and all; others may not", async () => {
      const s = server();
      const f = await projectFixture(s);
      const p = await clientProject(s, f);
      const up = await send(s, f.owner, p.id, 'contract', [{ name: 'c.txt', bytes: Buffer.from('c') }, { name: 'd.txt', bytes: Buffer.from('d') }]);
      const [c, d] = up.body.files as Array<{ id: number }>;
      const pm = await addMember(s, f.owner.companyId, 'ProjectManager');
      const supervisor = await addMember(s, f.owner.companyId, 'Supervisor');
      const before = (await objects(s)).length;

      expect((await callAs(s, f.client, 'DELETE', `/filesNew/${c!.id}`)).status).toBe(404);
      expect((await s.call('DELETE', `${API}/filesNew/${c!.id}`, { token: supervisor.token, headers: f.owner.headers })).status).toBe(403);
      expect((await s.call('DELETE', `${API}/filesNew/${c!.id}`, { token: pm.token, headers: f.owner.headers })).status).toBe(204);
      expect(await s.services.db.selectFrom('files').select('id').where('id', '=', c!.id).executeTakeFirst()).toBeUndefined();
      expect((await objects(s)).length).toBe(before - 1);
      expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/files`)).body.map((x: { id: number }) => x.id)).toEqual([d!.id]);

      // Deleting the whole folder in the file manager takes the files; the next upload makes the folder again.
      expect((await callAs(s, f.owner, 'DELETE', `/folders/${p.folderId}`)).status).toBe(204);
      expect((await objects(s)).length).toBe(before - 2);
      expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/files`)).body).toEqual([]);
      const again = await send(s, f.owner, p.id, 'other', [{ name: 'e.txt', bytes: Buffer.from('e') }]);
      expect(again.status).toBe(201);
      const project = (await callAs(s, f.owner, 'GET', `/projects/${p.id}`)).body;
      expect(project.folderId).not.toBe(p.folderId);
      const folder = await s.services.db.selectFrom('folders').selectAll().where('id', '=', project.folderId).executeTakeFirstOrThrow();
      expect(folder).toMatchObject({ project_id: p.id, name: `${p.code} – ${p.projectName}` });
    });
  },
  { maxUploadMb: 1 },
);
