import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { storeUpload } from '../../server/storage/file-store.js';
import { signedFileUrl } from '../../server/storage/signed-links.js';
import { spoolFolder } from '../../server/storage/uploads.js';
import { multipart, registerUser, TINY_PNG, type TestServer } from './harness.js';
import { describeEachDatabaseAndStorage } from './s3-server.js';

const API = '/api/v1';

/** A PNG of about `bytes` bytes: a valid signature, then padding (the sniffer reads the head only). */
const pngOf = (bytes: number) => Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, bytes - TINY_PNG.length), 7)]);

describeEachDatabaseAndStorage('file storage', (server) => {
  let s: TestServer;
  beforeAll(() => {
    s = server();
  });

  const objects = async () => {
    const names: string[] = [];
    for await (const o of s.services.storage.list()) names.push(o.name);
    return names.sort();
  };
  const uploadPicture = async (token: string, bytes: Buffer, name = 'me.png') => {
    const { body, headers } = multipart({ type: 'profilePicture' }, { name, type: 'image/png', bytes });
    return s.call('POST', `${API}/users/me/files`, { token, body, headers });
  };
  const rowOf = (url: string) =>
    s.services.db.selectFrom('files').selectAll().where('public_id', '=', url.split('/').pop()!.split('?')[0]!).executeTakeFirstOrThrow();

  it('streams a picture into the store and serves it with its ETag, 304 and byte ranges', async () => {
    const { token } = await registerUser(s);
    const bytes = pngOf(5000);
    const res = await uploadPicture(token, bytes);
    expect(res.status).toBe(200);
    const url: string = res.body.user.avatarUrl;
    const row = await rowOf(url);
    expect(await objects()).toContain(row.object_name);
    expect(row.length).toBe(5000);

    const whole = await s.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await s.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const first = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-9/5000');
    expect(first.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    // A download resumed from byte 4000 gets exactly the rest.
    const rest = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=4000-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(4000))).toBe(true);
    const last = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(last.rawPayload.equals(bytes.subarray(4995))).toBe(true);
    const past = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */5000');
  });

  it('removes the replaced picture from the store', async () => {
    const { token } = await registerUser(s);
    const first = await rowOf((await uploadPicture(token, pngOf(300))).body.user.avatarUrl);
    const second = await rowOf((await uploadPicture(token, pngOf(400))).body.user.avatarUrl);
    const stored = await objects();
    expect(stored).toContain(second.object_name);
    expect(stored).not.toContain(first.object_name);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 and keeps nothing: no object, no row, no spool file', async () => {
    const { token, user } = await registerUser(s);
    const before = await objects();
    const res = await uploadPicture(token, pngOf(1024 * 1024 + 10));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('The file is too large: at most 1 MB');
    expect(await objects()).toEqual(before);
    expect(await s.services.db.selectFrom('files').select('id').where('uploaded_by', '=', user.id).execute()).toEqual([]);
    expect(readdirSync(spoolFolder(s.services))).toEqual([]);
  });

  it('keeps `../../etc/passwd` as a plain name; the bytes live under a generated name', async () => {
    const { token } = await registerUser(s);
    const res = await uploadPicture(token, pngOf(200), '../../etc/passwd.png');
    expect(res.status).toBe(200);
    const row = await rowOf(res.body.user.avatarUrl);
    expect(row.filename).toBe('passwd.png');
    expect(row.object_name).toMatch(/^\d{4}-\d\d-\d\d\/[0-9a-f-]{36}$/);
  });

  it('serves a file that is not a picture only through a valid, unexpired link signed for it', async () => {
    const { user } = await registerUser(s);
    const spoolPath = path.join(spoolFolder(s.services), randomUUID());
    mkdirSync(path.dirname(spoolPath), { recursive: true });
    writeFileSync(spoolPath, 'site notes\n');
    const file = await storeUpload(
      s.services,
      { companyId: null, entityType: 'test', entityId: user.id, type: 'document', uploadedBy: user.id },
      { filename: 'notes.txt', contentType: 'text/plain', length: 11, spoolPath },
      async (_trx, stored) => stored,
    );
    expect((await s.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    const view = await s.app.inject({ method: 'GET', url: signedFileUrl(s.services, file.publicId) });
    expect(view.statusCode).toBe(200);
    expect(view.body).toBe('site notes\n');
    expect(view.headers['content-disposition']).toMatch(/^inline; filename="notes.txt"/);
    expect(view.headers['cache-control']).toMatch(/^private/);
    const download = await s.app.inject({ method: 'GET', url: signedFileUrl(s.services, file.publicId, { download: true }) });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    // A view link does not become a download link (or a link to another file) by editing it.
    const link = signedFileUrl(s.services, file.publicId);
    const tampered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    expect((await s.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: `${signedFileUrl(s.services, file.publicId)}&download=1` })).statusCode).toBe(404);
    const expired = signedFileUrl(s.services, file.publicId, { now: Date.now() - 3 * 60 * 60 * 1000 });
    expect((await s.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });
}, { maxUploadMb: 1 });
