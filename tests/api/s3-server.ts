import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../server/config.js';
import { DATABASES, startTestServer, type TestServer } from './harness.js';

export const TEST_BUCKET = 'fieldwork-test';

/** A local S3-compatible server (s3rver) with one bucket, for the S3 storage driver's tests. */
export async function startS3Server(): Promise<{ storage: Config['storage']; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  return {
    storage: {
      kind: 's3',
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: TEST_BUCKET,
        // s3rver's fixed credentials.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: `run-${process.pid}/`,
      },
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export const STORAGE_DRIVERS = ['local', 's3'] as const;

/**
 * Like describeEachDatabase, once per database and storage driver: the data folder, and an S3 bucket
 * on an s3rver started for the suite.
 */
export function describeEachDatabaseAndStorage(name: string, suite: (server: () => TestServer) => void, overrides: Partial<Config> = {}) {
  for (const database of DATABASES) {
    for (const driver of STORAGE_DRIVERS) {
      // The database last in the title: scripts/test.mjs counts the suites run on each by it.
      describe(`${name} [${driver}] [${database.name}]`, () => {
        let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
        let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
        beforeAll(async () => {
          if (driver === 's3') s3 = await startS3Server();
          server = await startTestServer(database.url, { ...overrides, ...(s3 ? { storage: s3.storage } : {}) });
        });
        afterAll(async () => {
          await server?.stop();
          await s3?.stop();
        });
        suite(() => server!);
      });
    }
  }
}
