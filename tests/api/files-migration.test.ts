import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/index.js';
import { createMigrator } from '../../server/db/migrate.js';
import { DATABASES, freshSchema } from './harness.js';

for (const database of DATABASES) {
  describe(`file manager migration (0012) [${database.name}]`, () => {
    it('gives every company that existed before it a root folder, and keeps pictures out of the manager', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-0012-'));
      const schema = database.url ? await freshSchema(database.url) : null;
      const { db, close } = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
      try {
        const migrator = await createMigrator(db, database.name);
        expect((await migrator.migrateTo('0011_large_lists')).error).toBeUndefined();
        const now = new Date().toISOString();
        const company = await db
          .insertInto('companies')
          .values({ name: 'Old Co', plan: 'free', settings: '{}', invoice_settings: '{}', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('files')
          .values({ public_id: 'old-logo', company_id: company.id, entity_type: 'company', entity_id: String(company.id), type: 'logo', filename: 'logo.png', content_type: 'image/png', length: 10, object_name: 'x/old-logo', uploaded_by: null, created_at: now })
          .execute();

        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        const roots = await db.selectFrom('folders').select(['company_id', 'parent_id', 'name']).execute();
        expect(roots).toEqual([{ company_id: company.id, parent_id: null, name: 'Files' }]);
        const logo = await db.selectFrom('files').select(['name', 'folder_id', 'updated_at']).where('public_id', '=', 'old-logo').executeTakeFirstOrThrow();
        expect(logo).toEqual({ name: 'logo.png', folder_id: null, updated_at: now });
      } finally {
        await close();
        await schema?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
