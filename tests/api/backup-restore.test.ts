import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DATABASES, ownerWithCompany, startTestServer, type TestServer } from './harness.js';
import { API, newFolder, rootOf, uploadOne } from './files-helpers.js';

const TSX = path.resolve('node_modules/.bin/tsx');
// The harness's own secret: the scripts load the configuration the way the server under test did.
const AUTH_SECRET = 'test-secret-test-secret-test-secret';

/** Runs scripts/<name>.ts as an operator would, against one DATA_DIR / DATABASE_URL. */
function script(name: 'backup' | 'restore', args: string[], target: { dataDir: string; databaseUrl: string | null }) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', AUTH_SECRET };
  delete env.S3_URL;
  delete env.S3_BUCKET;
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(TSX, [`scripts/${name}.ts`, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

type Write = { kind: 'folder'; id: number } | { kind: 'file'; id: number; url: string; content: string };

/** Loops creating folders and uploading files until stopped, keeping every write answered 2xx, in the order answered. */
function writeLoad(s: TestServer, token: string, rootId: number, loops: number) {
  const acknowledged: Write[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; running; i++) {
        const folder = await newFolder(s, token, rootId, `load ${loop}-${i}`);
        acknowledged.push({ kind: 'folder', id: folder.id });
        const content = `bytes of ${loop}-${i} ${'x'.repeat(i % 50)}`;
        const file = await uploadOne(s, token, folder.id, `f-${loop}-${i}.txt`, content);
        acknowledged.push({ kind: 'file', id: file.id, url: file.url, content });
      }
    }),
  );
  return { acknowledged, stop: () => ((running = false), done) };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

for (const database of DATABASES) {
  describe(`npm run backup / restore under write load [${database.name}]`, () => {
    let source: Awaited<ReturnType<typeof startTestServer>> | undefined;
    let restored: Awaited<ReturnType<typeof startTestServer>> | undefined;
    let load: ReturnType<typeof writeLoad> | undefined;
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-backup-'));
    const restoreDb = `restore_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

    afterAll(async () => {
      await load?.stop().catch(() => undefined);
      await restored?.stop();
      await source?.stop();
      if (database.url) await admin(database.url, `drop database if exists ${restoreDb} with (force)`);
      rmSync(tmp, { recursive: true, force: true });
    });

    it('brings back every row and file acknowledged before the backup began, and the keys to sign in', async () => {
      source = await startTestServer(database.url);
      const owner = await ownerWithCompany(source);
      const root = await rootOf(source, owner.token);
      const sourceTarget = { dataDir: source.config.dataDir, databaseUrl: source.config.databaseUrl };

      load = writeLoad(source, owner.token, root.id, 3);
      while (load.acknowledged.length < 60) await new Promise((r) => setImmediate(r));
      const backingUp = script('backup', ['--out', path.join(tmp, 'out')], sourceTarget);
      // Everything answered before the backup process even started must be in it.
      const beforeBackup = load.acknowledged.slice();
      const backup = await backingUp;
      const duringBackup = load.acknowledged.length - beforeBackup.length;
      await load.stop();
      expect(backup.code, backup.output).toBe(0);
      expect(duringBackup).toBeGreaterThan(0);

      const [name] = readdirSync(path.join(tmp, 'out'));
      const folder = path.join(tmp, 'out', name!);
      expect(name).toMatch(/^fieldwork-[0-9T-]+Z$/);
      const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ version: 1, dialect: database.name, filesIncluded: true, keyFiles: ['field-key'] });
      expect(statSync(path.join(folder, 'field-key')).mode & 0o777).toBe(0o600);

      const dataDir = path.join(tmp, 'restored');
      let databaseUrl: string | null = null;
      if (database.url) {
        await admin(database.url, `create database ${restoreDb}`);
        const url = new URL(database.url);
        url.pathname = `/${restoreDb}`;
        url.search = '';
        databaseUrl = `${url}?options=${encodeURIComponent(`-c search_path=${manifest.schema}`)}`;
      }
      const restore = await script('restore', [folder], { dataDir, databaseUrl });
      expect(restore.code, restore.output).toBe(0);
      const again = await script('restore', [folder], { dataDir, databaseUrl });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already holds .*--force/);

      restored = await startTestServer(null, { dataDir, databaseUrl });
      expect(readFileSync(path.join(dataDir, 'field-key'))).toEqual(readFileSync(path.join(source.config.dataDir, 'field-key')));
      const login = await restored.call('POST', `${API}/users/login`, { body: { email: owner.email, password: owner.password } });
      expect(login.status).toBe(200);
      expect((await restored.call('GET', `${API}/folders/root`, { token: owner.token })).status).toBe(200);

      const folderIds = beforeBackup.filter((w) => w.kind === 'folder').map((w) => w.id);
      const foundFolders = await restored.services.db.selectFrom('folders').select('id').where('id', 'in', folderIds).execute();
      let foundFiles = 0;
      for (const w of beforeBackup) {
        if (w.kind !== 'file') continue;
        const bytes = await restored.app.inject({ method: 'GET', url: w.url });
        if (bytes.statusCode === 200 && bytes.body === w.content) foundFiles += 1;
      }
      const files = beforeBackup.length - folderIds.length;
      console.log(
        `[${database.name}] writes acknowledged: ${load.acknowledged.length}, before the backup began: ${beforeBackup.length} (${folderIds.length} folders, ${files} files), during it: ${duringBackup}; found after restore: ${foundFolders.length} folders, ${foundFiles} files`,
      );
      expect(foundFolders.length).toBe(folderIds.length);
      expect(foundFiles).toBe(files);
    }, 120_000);
  });
}
