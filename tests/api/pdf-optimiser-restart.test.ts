import { buildApp } from '../../server/app.js';
import { filesBody } from './files-helpers.js';
import { DATABASES, startTestServer } from './harness.js';
import { planPdf } from './pdf-fixtures.js';
import { API, clientProject, projectFixture } from './project-helpers.js';

const PAGES = 6;

for (const database of DATABASES) {
  describe(`PDF optimiser across a restart [${database.name}]`, () => {
    it('a conversion stopped by a server restart after its first page finishes on the next server, each page written exactly once', async () => {
      const first = await startTestServer(database.url);
      try {
        const f = await projectFixture(first);
        const p = await clientProject(first, f);
        const { body, headers } = filesBody({}, [{ name: 'Set.pdf', type: 'application/pdf', field: 'file', bytes: await planPdf(PAGES, [36 * 72, 24 * 72], { linesPerPage: 200 }) }]);
        const started = await first.call('POST', `${API}/to-images?projectId=${p.id}&ratio=1`, { token: f.owner.token, headers: { ...f.owner.headers, ...headers }, body });
        expect(started.status).toBe(202);
        const id = started.body.id as number;
        const progress = () => first.services.db.selectFrom('pdf_conversions').select(['pages_done', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
        // The first server's runner takes the job; it is stopped once a page is written.
        const deadline = Date.now() + 30_000;
        while (Number((await progress()).pages_done) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        const before = await first.services.db.selectFrom('pdf_conversion_pages').select(['page', 'file_id']).where('conversion_id', '=', id).orderBy('page').execute();
        await first.app.close();

        const second = await buildApp(first.config, { logger: false });
        try {
          const db = second.services.db;
          const stopped = await db.selectFrom('pdf_conversions').select(['pages_done', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
          expect(stopped.status).toBe('running');
          expect(Number(stopped.pages_done)).toBeGreaterThanOrEqual(1);
          expect(Number(stopped.pages_done)).toBeLessThan(PAGES);
          await second.services.jobs.drain({ includeDelayed: true });

          const ended = await db.selectFrom('pdf_conversions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          expect(ended).toMatchObject({ status: 'done', pages_total: PAGES, error: null });
          expect(Number(ended.pages_done)).toBe(PAGES);
          const pages = await db.selectFrom('pdf_conversion_pages').select(['page', 'file_id']).where('conversion_id', '=', id).orderBy('page').execute();
          expect(pages.map((r) => r.page)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
          // Pages written before the restart are the same rows and files after it.
          expect(pages.slice(0, before.length)).toEqual(before);
          const files = await db.selectFrom('files').select('name').where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).execute();
          const names = files.map((r) => r.name).sort();
          expect(names).toEqual(Array.from({ length: PAGES }, (_, i) => `Set - page ${i + 1}.jpg`).sort());
          const notes = await db.selectFrom('notifications').select('id').where('type', '=', 'pdf-converted-to-jpeg').where('company_id', '=', f.owner.companyId).execute();
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
