import JSZip from 'jszip';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { EXPORT_FORMAT_VERSION, EXPORT_MESSAGES, type CompanyExport, type ExportManifest } from '../../resources/company-export.js';
import { EXPORT_SECTIONS } from '../../server/modules/company-export/export-sections.js';
import { expireExports } from '../../server/modules/company-export/export-job.js';
import { buildApp } from '../../server/app.js';
import { addMember, DATABASES, describeEachDatabase, startTestServer, type TestServer } from './harness.js';
import { rootOf, uploadOne } from './files-helpers.js';
import { API, callAs, clientProject, createProject, projectFixture, type CompanySide } from './project-helpers.js';

const exportsOf = (side: CompanySide) => `/companies/${side.companyId}/exports`;

/** Runs queued jobs here until none is left (retries too), then answers the export as the API shows it. */
async function settled(s: TestServer, side: CompanySide, id: number): Promise<CompanyExport> {
  await s.services.jobs.drain({ includeDelayed: true });
  const res = await callAs(s, side, 'GET', `${exportsOf(side)}/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The zip behind an export's signed link, fetched without a session as a browser's download would. */
async function zipOf(s: TestServer, done: CompanyExport) {
  expect(done.downloadUrl).toMatch(/^\/api\/v1\/staticfiles\/[\w-]+\?/);
  const res = await s.app.inject({ method: 'GET', url: done.downloadUrl! });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+-export-\d{4}-\d{2}-\d{2}\.zip"/);
  return { bytes: res.rawPayload, zip: await JSZip.loadAsync(res.rawPayload) };
}

const rowsOf = async (zip: JSZip, name: string) => JSON.parse(await zip.file(`${name}.json`)!.async('string')) as Array<Record<string, unknown>>;

describeEachDatabase('Company data export', (server) => {
  it("exports the company's rows and files into a zip with a manifest, and nothing of a company beside it", async () => {
    const s = server();
    const f = await projectFixture(s, { owner: 'Exporting Paving', client: 'Export Client Utility', sub: 'Export Sub Boring', stranger: 'Unrelated Secretive Works' });
    const project = await clientProject(s, f, { projectName: 'Exported Main Street' });
    const file = await uploadOne(s, f.owner.token, (await rootOf(s, f.owner.token)).id, 'site-plan.txt', 'bytes of the exported site plan');
    // The company beside it: a project and a file of its own, which must not reach the zip.
    await createProject(s, f.stranger.token, f.stranger.companyId, { projectName: 'Stranger Hidden Project', code: 'HIDDEN-1' });
    await uploadOne(s, f.stranger.token, (await rootOf(s, f.stranger.token)).id, 'stranger-secret.txt', 'STRANGER-SECRET-BYTES');

    const published: unknown[] = [];
    const publish = s.services.realtime.publish.bind(s.services.realtime);
    s.services.realtime.publish = (to, event, payload) => {
      if ((payload as { channel?: string })?.channel?.includes('company-exports')) published.push(to);
      return publish(to, event, payload);
    };
    try {
      const started = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ companyId: f.owner.companyId, status: 'queued', stepsDone: 0, percent: 0, downloadUrl: null, requestedBy: { id: f.owner.user.id } });
      // One at a time per company.
      const again = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(EXPORT_MESSAGES.running);
      // Not ready yet: nothing to download.
      expect((await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/${started.body.id}/download`)).status).toBe(409);

      // The file's bytes come slowly, so the export is seen running with its tables written and its file not yet.
      const read = s.services.storage.read.bind(s.services.storage);
      s.services.storage.read = async (name, range) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return read(name, range);
      };
      const running = s.services.jobs.drain();
      const seen: Array<{ status: string; stepsDone: number; percent: number }> = [];
      const deadline = Date.now() + 20_000;
      for (;;) {
        const now = (await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/${started.body.id}`)).body as CompanyExport;
        seen.push({ status: now.status, stepsDone: now.stepsDone, percent: now.percent });
        if (now.status !== 'queued' && now.status !== 'running') break;
        if (Date.now() > deadline) throw new Error(`the export did not end: ${JSON.stringify(seen.at(-1))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await running;
      s.services.storage.read = read;
      // While the file is read: every table written, the file not yet.
      const midway = seen.find((x) => x.status === 'running' && x.stepsDone === EXPORT_SECTIONS.length);
      expect(midway, JSON.stringify(seen)).toBeDefined();
      expect(midway!.percent).toBeGreaterThan(0);
      expect(midway!.percent).toBeLessThan(100);
      expect(seen.map((x) => x.stepsDone)).toEqual([...seen.map((x) => x.stepsDone)].sort((a, b) => a - b));

      const done = await settled(s, f.owner, started.body.id);
      expect(done).toMatchObject({ status: 'done', percent: 100, error: null });
      expect(done.stepsTotal).toBe(EXPORT_SECTIONS.length + 1 + 1);
      expect(done.stepsDone).toBe(done.stepsTotal);
      expect(Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)).toBe(7 * 24 * 60 * 60 * 1000);
      expect(published.length).toBeGreaterThanOrEqual(2);
      expect(published.every((to) => JSON.stringify(to) === JSON.stringify({ userIds: [f.owner.user.id] }))).toBe(true);

      const { bytes, zip } = await zipOf(s, done);
      expect(done.size).toBe(bytes.length);
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as ExportManifest;
      expect(manifest).toMatchObject({ formatVersion: EXPORT_FORMAT_VERSION, company: { id: f.owner.companyId, name: 'Exporting Paving' }, exportedBy: { id: f.owner.user.id }, files: { count: 1, missing: 0 } });
      expect(Object.keys(manifest.counts)).toEqual(EXPORT_SECTIONS.map((x) => x.name));
      for (const section of EXPORT_SECTIONS) expect((await rowsOf(zip, section.name)).length, section.name).toBe(manifest.counts[section.name]);

      expect((await rowsOf(zip, 'company')).map((c) => c.name)).toEqual(['Exporting Paving']);
      expect((await rowsOf(zip, 'projects')).map((p) => p.project_name)).toEqual(['Exported Main Street']);
      expect((await rowsOf(zip, 'projects'))[0]!.id).toBe(project.id);
      const members = await rowsOf(zip, 'members');
      expect(members.map((m) => m.email)).toEqual([f.owner.email]);
      expect((await rowsOf(zip, 'partnerships')).length).toBe(2);
      const files = await rowsOf(zip, 'files');
      expect(files.map((x) => x.name)).toEqual(['site-plan.txt']);
      expect(files[0]).not.toHaveProperty('object_name');
      expect(await zip.file(files[0]!.path as string)!.async('string')).toBe('bytes of the exported site plan');
      expect(files[0]!.id).toBe(file.id);

      // Nothing of the company beside it, and no secret, anywhere in the zip.
      for (const entry of Object.values(zip.files)) {
        const text = await entry.async('string');
        for (const banned of ['Unrelated Secretive Works', 'Stranger Hidden Project', 'HIDDEN-1', 'stranger-secret', 'STRANGER-SECRET-BYTES', 'password_hash', 'token_hash', 'public_hash'])
          expect(text.includes(banned), `${entry.name} holds ${banned}`).toBe(false);
      }
      expect(Object.keys(zip.files).filter((n) => n.startsWith('files/'))).toEqual([files[0]!.path]);

      // The download route streams the same zip to a signed-in owner.
      const streamed = await s.app.inject({ method: 'GET', url: `${API}${exportsOf(f.owner)}/${done.id}/download`, headers: { authorization: `Bearer ${f.owner.token}` } });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.rawPayload.equals(bytes)).toBe(true);

      // The activity row and the requester's notification.
      const activity = await callAs(s, f.owner, 'GET', `/companies/${f.owner.companyId}/activity`);
      expect(activity.body.some((e: { entityType: string; action: string }) => e.entityType === 'company' && e.action === 'exported')).toBe(true);
      const notes = await s.services.db.selectFrom('notifications').selectAll().where('type', '=', 'company-export').where('company_id', '=', f.owner.companyId).execute();
      expect(notes.map((n) => n.description)).toEqual([EXPORT_MESSAGES.done('Exporting Paving')]);
      expect(JSON.parse(notes[0]!.options)).toEqual({ eventId: done.id });

      // A second export may start now, and does not hold the first one's zip.
      const second = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
      expect(second.status).toBe(202);
      const next = await zipOf(s, await settled(s, f.owner, second.body.id));
      expect((await rowsOf(next.zip, 'files')).map((x) => x.name)).toEqual(['site-plan.txt']);
      const listed = await callAs(s, f.owner, 'GET', exportsOf(f.owner));
      expect(listed.body.map((x: CompanyExport) => x.id)).toEqual([second.body.id, done.id]);
    } finally {
      s.services.realtime.publish = publish;
    }
  });

  it('lets only those with companies:manage in the company export it; another company sees none of its exports', async () => {
    const s = server();
    const f = await projectFixture(s, { owner: 'Guarded Paving', client: 'Guarded Client', sub: 'Guarded Sub', stranger: 'Guarded Stranger' });
    const manager = await addMember(s, f.owner.companyId, 'ProjectManager');
    const asManager = { token: manager.token, headers: { 'x-company-id': String(f.owner.companyId) } };
    expect((await callAs(s, asManager, 'POST', exportsOf(f.owner))).status).toBe(403);
    expect((await callAs(s, asManager, 'GET', exportsOf(f.owner))).status).toBe(403);

    const started = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
    expect(started.status).toBe(202);
    const id = started.body.id as number;
    expect((await callAs(s, asManager, 'GET', `${exportsOf(f.owner)}/${id}`)).status).toBe(403);
    expect((await callAs(s, asManager, 'GET', `${exportsOf(f.owner)}/${id}/download`)).status).toBe(403);
    // Another company: not a member there is 404; its own company with this export's id is 404 too.
    for (const path of [exportsOf(f.owner), `${exportsOf(f.owner)}/${id}`, `${exportsOf(f.owner)}/${id}/download`]) expect((await callAs(s, f.client, 'GET', path)).status).toBe(404);
    expect((await callAs(s, f.client, 'POST', exportsOf(f.owner))).status).toBe(404);
    expect((await callAs(s, f.client, 'GET', `${exportsOf(f.client)}/${id}`)).status).toBe(404);
    expect((await callAs(s, f.client, 'GET', `${exportsOf(f.client)}/${id}/download`)).status).toBe(404);
    expect((await callAs(s, f.client, 'GET', exportsOf(f.client))).body).toEqual([]);
    expect((await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/999999`)).status).toBe(404);
    expect((await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/abc`)).status).toBe(400);
    await s.services.jobs.drain();
  });

  it('starts one export of two racing requests: the other is 409', async () => {
    const s = server();
    const f = await projectFixture(s, { owner: 'Racing Paving', client: 'Racing Client', sub: 'Racing Sub', stranger: 'Racing Stranger' });
    const answers = await Promise.all([callAs(s, f.owner, 'POST', exportsOf(f.owner)), callAs(s, f.owner, 'POST', exportsOf(f.owner))]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(await s.services.db.selectFrom('company_exports').select('id').where('company_id', '=', f.owner.companyId).execute()).toHaveLength(1);
    await s.services.jobs.drain();
  });

  it('expires a finished export after its days: no link, 410, its zip removed from the store', async () => {
    const s = server();
    const f = await projectFixture(s, { owner: 'Expiring Paving', client: 'Expiring Client', sub: 'Expiring Sub', stranger: 'Expiring Stranger' });
    const started = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
    const done = await settled(s, f.owner, started.body.id);
    const row = await s.services.db.selectFrom('company_exports').select('file_id').where('id', '=', done.id).executeTakeFirstOrThrow();
    const zipFile = await s.services.db.selectFrom('files').select(['object_name']).where('id', '=', row.file_id!).executeTakeFirstOrThrow();

    await s.services.db.updateTable('company_exports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', done.id).execute();
    const late = (await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/${done.id}`)).body as CompanyExport;
    expect(late).toMatchObject({ status: 'expired', downloadUrl: null });
    const refused = await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/${done.id}/download`);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(EXPORT_MESSAGES.expired);

    expect(await expireExports(s.services)).toBe(1);
    expect(await s.services.db.selectFrom('files').select('id').where('id', '=', row.file_id!).execute()).toEqual([]);
    expect(await s.services.storage.read(zipFile.object_name)).toBeNull();
    expect((await callAs(s, f.owner, 'GET', `${exportsOf(f.owner)}/${done.id}`)).body.status).toBe('expired');
  });

  it("fails after its last attempt when a file's bytes cannot be read, and tells the requester why", async () => {
    const s = server();
    const f = await projectFixture(s, { owner: 'Failing Paving', client: 'Failing Client', sub: 'Failing Sub', stranger: 'Failing Stranger' });
    await uploadOne(s, f.owner.token, (await rootOf(s, f.owner.token)).id, 'unreadable.txt');
    const read = s.services.storage.read.bind(s.services.storage);
    // The bytes start coming, then the connection drops.
    s.services.storage.read = async () =>
      new Readable({
        read() {
          this.push(Buffer.from('the first bytes '));
          this.destroy(new Error('the store is unreachable'));
        },
      });
    try {
      const started = await callAs(s, f.owner, 'POST', exportsOf(f.owner));
      const ended = await settled(s, f.owner, started.body.id);
      expect(ended).toMatchObject({ status: 'failed', error: 'The export could not be finished: the store is unreachable', downloadUrl: null });
      const job = await s.services.db.selectFrom('jobs').select(['status', 'attempts']).where('name', '=', 'company.export').where('payload', '=', JSON.stringify({ exportId: started.body.id })).executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'failed', attempts: 3 });
      const note = await s.services.db.selectFrom('notifications').select('description').where('type', '=', 'company-export').where('company_id', '=', f.owner.companyId).executeTakeFirstOrThrow();
      expect(note.description).toBe(EXPORT_MESSAGES.failed('Failing Paving', ended.error!));
      // Its work file is gone with it.
      expect(readdirSync(path.join(s.config.dataDir, 'tmp', 'company-exports'))).toEqual([]);
      // A failed export no longer blocks the next.
      expect((await callAs(s, f.owner, 'POST', exportsOf(f.owner))).status).toBe(202);
    } finally {
      s.services.storage.read = read;
    }
    await s.services.jobs.drain();
  });
});

for (const database of DATABASES) {
  describe(`Company data export across a restart [${database.name}]`, () => {
    it('a stopping server stops its export between entries, without waiting for the rest, and the next server finishes it', async () => {
      const first = await startTestServer(database.url);
      try {
        const f = await projectFixture(first, { owner: 'Restarting Paving', client: 'Restarting Client', sub: 'Restarting Sub', stranger: 'Restarting Stranger' });
        const root = (await rootOf(first, f.owner.token)).id;
        for (const n of [1, 2, 3, 4, 5]) await uploadOne(first, f.owner.token, root, `sheet-${n}.txt`, `sheet ${n}`);
        // Each file's bytes take a second to come: the whole export would take five.
        const read = first.services.storage.read.bind(first.services.storage);
        first.services.storage.read = async (name, range) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return read(name, range);
        };
        const started = await callAs(first, f.owner, 'POST', exportsOf(f.owner));
        expect(started.status).toBe(202);
        const row = () => first.services.db.selectFrom('company_exports').select(['status', 'steps_done']).where('id', '=', started.body.id).executeTakeFirstOrThrow();
        const deadline = Date.now() + 20_000;
        while (Number((await row()).steps_done) < EXPORT_SECTIONS.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await row()).status).toBe('running');
        const t0 = Date.now();
        await first.app.close();
        // The file being read, not the four after it.
        expect(Date.now() - t0).toBeLessThan(3000);

        const second = await buildApp(first.config, { logger: false });
        try {
          const stopped = await second.services.db.selectFrom('company_exports').select(['status', 'file_id']).where('id', '=', started.body.id).executeTakeFirstOrThrow();
          expect(stopped).toEqual({ status: 'running', file_id: null });
          await second.services.jobs.drain({ includeDelayed: true });
          const ended = await second.services.db.selectFrom('company_exports').selectAll().where('id', '=', started.body.id).executeTakeFirstOrThrow();
          expect(ended.status).toBe('done');
          const zipRow = await second.services.db.selectFrom('files').select('object_name').where('id', '=', ended.file_id!).executeTakeFirstOrThrow();
          const chunks: Buffer[] = [];
          for await (const c of (await second.services.storage.read(zipRow.object_name))!) chunks.push(c as Buffer);
          const zip = await JSZip.loadAsync(Buffer.concat(chunks));
          const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as ExportManifest;
          expect(manifest.files).toEqual({ count: 5, bytes: 5 * 'sheet 1'.length, missing: 0 });
          const notes = await second.services.db.selectFrom('notifications').select('id').where('type', '=', 'company-export').where('company_id', '=', f.owner.companyId).execute();
          expect(notes).toHaveLength(1);
        } finally {
          await second.app.close();
        }
      } finally {
        await first.stop();
      }
    }, 120_000);
  });
}
