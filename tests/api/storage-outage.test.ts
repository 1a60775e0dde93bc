import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { DATABASES, multipart, registerUser, startTestServer, TINY_PNG, type TestServer } from './harness.js';
import { TEST_BUCKET } from './s3-server.js';
import { closedPort } from './smtp-sink.js';

const API = '/api/v1';
const MESSAGE = 'File storage is not reachable right now. Try again in a moment.';

const fileCount = async (s: TestServer) => Number((await s.services.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

for (const database of DATABASES) {
  describe(`uploads with S3 unreachable [${database.name}]`, () => {
    let port: number;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let s3: { server: S3rver; directory: string } | null = null;
    beforeAll(async () => {
      port = await closedPort();
      server = await startTestServer(database.url, {
        storage: {
          kind: 's3',
          // s3rver's fixed credentials, for when it comes back (the second test).
          s3: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: TEST_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: '' },
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await s3?.server.close();
      if (s3) rmSync(s3.directory, { recursive: true, force: true });
    });

    it('refuses a profile picture with a plain 503, writes no file row, and keeps answering', async () => {
      const { token } = await registerUser(server);
      const before = await fileCount(server);
      const { body, headers } = multipart({ type: 'profilePicture' }, { name: 'me.png', type: 'image/png', bytes: TINY_PNG });
      const started = Date.now();
      const res = await server.call('POST', `${API}/users/me/files`, { token, body, headers });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ error: { statusCode: 503, message: MESSAGE, code: 'STORAGE_UNAVAILABLE' }, statusCode: 503, message: MESSAGE });
      const text = JSON.stringify(res.body);
      for (const leak of ['127.0.0.1', String(port), 'ECONNREFUSED', 'S3RVER', TEST_BUCKET]) expect(text).not.toContain(leak);

      expect(await fileCount(server)).toBe(before);
      const me = await server.call('GET', `${API}/users/me`, { token });
      expect(me.status).toBe(200);
      expect(me.body.user.avatarUrl).toBeNull();
      expect((await server.call('GET', `${API}/health`)).status).toBe(200);
    });

    it('takes the upload once the store is back on the same address, without a restart', async () => {
      const directory = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-s3-'));
      s3 = { server: new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] }), directory };
      await s3.server.run();
      const { token } = await registerUser(server);
      const before = await fileCount(server);
      const { body, headers } = multipart({ type: 'profilePicture' }, { name: 'me.png', type: 'image/png', bytes: TINY_PNG });
      const res = await server.call('POST', `${API}/users/me/files`, { token, body, headers });
      expect(res.status).toBe(200);
      expect(await fileCount(server)).toBe(before + 1);
      const served = await server.app.inject({ method: 'GET', url: res.body.user.avatarUrl });
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    });
  });
}
