import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { scheduleFileSweep, sweepOrphanFiles } from '../../server/storage/file-sweep.js';
import { describeEachDatabase, multipart, ownerWithCompany, registerUser, TINY_PNG, type TestServer } from './harness.js';

/**
 * The audit trail is the last write of every upload's transaction: with its table gone for a moment,
 * the upload fails there and its transaction rolls back (a database failure, not a mocked module, so
 * the test files can share one module graph).
 */
async function withoutAuditTrail(s: TestServer, call: () => Promise<unknown>) {
  await sql`alter table audit_events rename to audit_events_away`.execute(s.services.db);
  try {
    return await call();
  } finally {
    await sql`alter table audit_events_away rename to audit_events`.execute(s.services.db);
  }
}

const API = '/api/v1';
const HOUR = 60 * 60 * 1000;

const root = (s: TestServer) => path.join(s.config.dataDir, 'files');

async function bytesOnDisk(s: TestServer): Promise<string[]> {
  const entries = await readdir(root(s), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root(s), path.join(e.parentPath, e.name)));
}

const fileRow = (s: TestServer, url: string) =>
  s.services.db.selectFrom('files').selectAll().where('public_id', '=', url.split('/').pop()!).executeTakeFirst();

/** The row and the bytes behind a static URL, or undefined for each that is gone. */
async function stored(s: TestServer, url: string) {
  const row = await fileRow(s, url);
  return { row: row?.id, bytes: row ? existsSync(path.join(root(s), row.object_name)) : undefined };
}

async function upload(s: TestServer, url: string, token: string, type: string) {
  const form = multipart({ type }, { name: `${type}.png`, type: 'image/png', bytes: TINY_PNG });
  return s.call('POST', url, { token, body: form.body, headers: form.headers });
}

describeEachDatabase('files: no orphans', (server) => {
  it('removes the bytes of an upload whose transaction rolls back, changing nothing', async () => {
    const s = server();
    const { token, user } = await registerUser(s);
    const owner = await ownerWithCompany(s, 'Rollback Co');
    const before = { bytes: await bytesOnDisk(s), rows: await s.services.db.selectFrom('files').select('id').execute() };

    const failed = (await withoutAuditTrail(s, async () => [
      (await upload(s, `${API}/users/me/files`, token, 'profilePicture')).status,
      (await upload(s, `${API}/companies/${owner.company.id}/files`, owner.token, 'logo')).status,
    ])) as number[];
    expect(failed).toEqual([500, 500]);

    expect(await bytesOnDisk(s)).toEqual(before.bytes);
    expect(await s.services.db.selectFrom('files').select('id').execute()).toEqual(before.rows);
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user).toMatchObject({ id: user.id, avatarUrl: null });
    expect((await s.call('GET', `${API}/companies/${owner.company.id}`, { token: owner.token })).body.logoUrl).toBeNull();
  });

  it('deletes a replaced profile picture: its row, its bytes, and its URL answers 404', async () => {
    const s = server();
    const { token } = await registerUser(s);
    const first = (await upload(s, `${API}/users/me/files`, token, 'profilePicture')).body.user.avatarUrl as string;
    const second = (await upload(s, `${API}/users/me/files`, token, 'profilePicture')).body.user.avatarUrl as string;
    expect(second).not.toBe(first);
    expect(await stored(s, first)).toEqual({ row: undefined, bytes: undefined });
    expect(await stored(s, second)).toEqual({ row: expect.any(Number), bytes: true });
    expect((await s.call('GET', first)).status).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('deletes a replaced logo, and a logo URL changed away from an upload; never another company\'s file', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Logo One');
    const b = await ownerWithCompany(s, 'Logo Two');
    const logoUrl = `${API}/companies/${a.company.id}/files`;
    const first = (await upload(s, logoUrl, a.token, 'logo')).body.logoUrl as string;
    const second = (await upload(s, logoUrl, a.token, 'logo')).body.logoUrl as string;
    expect(await stored(s, first)).toEqual({ row: undefined, bytes: undefined });
    expect(await stored(s, second)).toEqual({ row: expect.any(Number), bytes: true });

    const cleared = await s.call('PATCH', `${API}/companies/${a.company.id}`, { token: a.token, body: { logoUrl: null } });
    expect(cleared.status).toBe(200);
    expect(await stored(s, second)).toEqual({ row: undefined, bytes: undefined });

    // B points its logo at A's new upload, then clears it: A's file stays.
    const aLogo = (await upload(s, logoUrl, a.token, 'logo')).body.logoUrl as string;
    expect((await s.call('PATCH', `${API}/companies/${b.company.id}`, { token: b.token, body: { logoUrl: aLogo } })).status).toBe(200);
    expect((await s.call('PATCH', `${API}/companies/${b.company.id}`, { token: b.token, body: { logoUrl: null } })).status).toBe(200);
    expect(await stored(s, aLogo)).toEqual({ row: expect.any(Number), bytes: true });
  });

  it('deletes an item icon when it is replaced, cleared, or its item is deleted', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Icon Co');
    const item = (await s.call('POST', `${API}/items`, { token: owner.token, body: { name: 'Hydrant' } })).body;
    const iconUrl = `${API}/items/${item.id}/files`;
    const first = (await upload(s, iconUrl, owner.token, 'icon')).body.iconUrl as string;
    const second = (await upload(s, iconUrl, owner.token, 'icon')).body.iconUrl as string;
    expect(await stored(s, first)).toEqual({ row: undefined, bytes: undefined });
    expect(await stored(s, second)).toEqual({ row: expect.any(Number), bytes: true });

    expect((await s.call('PATCH', `${API}/items/${item.id}`, { token: owner.token, body: { iconId: null } })).status).toBe(200);
    expect(await stored(s, second)).toEqual({ row: undefined, bytes: undefined });

    const third = (await upload(s, iconUrl, owner.token, 'icon')).body.iconUrl as string;
    expect((await s.call('DELETE', `${API}/items/${item.id}`, { token: owner.token })).status).toBe(204);
    expect(await stored(s, third)).toEqual({ row: undefined, bytes: undefined });
  });

  it('sweeps rows nothing points at and bytes no row names, keeping referenced, young and other files', async () => {
    const s = server();
    const db = s.services.db;
    const { token } = await registerUser(s);
    const old = new Date(Date.now() - 2 * HOUR);

    /** A file row with its bytes, written directly: what an interrupted or cascaded change leaves behind. */
    async function leftover(type: string, createdAt: Date) {
      const publicId = randomUUID();
      const objectName = path.join('2020-01-01', publicId);
      await mkdir(path.join(root(s), '2020-01-01'), { recursive: true });
      await writeFile(path.join(root(s), objectName), TINY_PNG);
      await db
        .insertInto('files')
        .values({ public_id: publicId, company_id: null, entity_type: 'user', entity_id: '0', type, filename: 'x.png', content_type: 'image/png', length: TINY_PNG.length, object_name: objectName, uploaded_by: null, created_at: createdAt.toISOString() })
        .execute();
      return `${API}/staticfiles/${publicId}`;
    }

    // Referenced and old: kept.
    const avatar = (await upload(s, `${API}/users/me/files`, token, 'profilePicture')).body.user.avatarUrl as string;
    await db.updateTable('files').set({ created_at: old.toISOString() }).where('public_id', '=', avatar.split('/').pop()!).execute();
    // Unreferenced: swept with its bytes when old, kept while young (its transaction may be open).
    const orphans = [await leftover('profilePicture', old), await leftover('icon', old), await leftover('logo', old)];
    const youngRow = await leftover('profilePicture', new Date());
    // A type the sweep knows no referrer for: its entity's business, kept.
    const attachment = await leftover('attachment', old);
    const orphanBytes = await Promise.all(orphans.map(async (url) => path.join(root(s), (await fileRow(s, url))!.object_name)));

    // Bytes no row names: the old ones go, a young one (an upload in flight) stays.
    const strayOld = path.join(root(s), '2020-01-01', randomUUID());
    const strayYoung = path.join(root(s), '2020-01-01', randomUUID());
    await writeFile(strayOld, TINY_PNG);
    await writeFile(strayYoung, TINY_PNG);
    await utimes(strayOld, old, old);

    const swept = await sweepOrphanFiles(s.services);
    expect(swept.rows).toBeGreaterThanOrEqual(3);
    expect(swept.files).toBeGreaterThanOrEqual(1);
    for (const url of orphans) expect(await fileRow(s, url)).toBeUndefined();
    for (const bytes of [...orphanBytes, strayOld]) expect(existsSync(bytes)).toBe(false);
    expect(existsSync(strayYoung)).toBe(true);
    for (const kept of [avatar, youngRow, attachment]) expect(await stored(s, kept)).toEqual({ row: expect.any(Number), bytes: true });
    expect((await s.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
  });

  it('sweeps hourly through the job runner: one queued sweep per hour whoever asks, each run queueing the next', async () => {
    const s = server();
    const db = s.services.db;
    const sweepJobs = () => db.selectFrom('jobs').select(['id', 'status', 'run_at']).where('name', '=', 'files.sweep').orderBy('id').execute();
    const before = (await sweepJobs()).length;
    // Two processes starting in the same hour queue one sweep between them.
    await scheduleFileSweep(s.services);
    await scheduleFileSweep(s.services);
    const queued = (await sweepJobs()).slice(before);
    expect(queued.map((j) => j.status)).toEqual(['queued']);
    expect(new Date(queued[0]!.run_at).getTime()).toBeGreaterThan(Date.now());

    const stray = path.join(root(s), '2020-01-01', randomUUID());
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, TINY_PNG);
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(stray, old, old);
    await db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', queued[0]!.id).execute();
    await s.services.jobs.drain();
    expect(existsSync(stray)).toBe(false);
    const after = (await sweepJobs()).slice(before);
    expect(after.map((j) => j.status)).toEqual(['done', 'queued']);
  });
});
