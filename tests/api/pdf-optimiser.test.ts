import { PDF_MESSAGES, type PdfConversion } from '../../resources/pdf-conversion.js';
import { filesBody } from './files-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { encryptedPdf, imageBombPdf, INCH, jpegSize, manyPagesPdf, planPdf } from './pdf-fixtures.js';
import { API, callAs, clientProject, projectFixture, type CompanySide } from './project-helpers.js';

const convert = (s: TestServer, side: Pick<CompanySide, 'token' | 'headers'>, query: string, file: { name: string; bytes: Buffer; type?: string }) => {
  const { body, headers } = filesBody({}, [{ ...file, type: file.type ?? 'application/pdf', field: 'file' }]);
  return s.call('POST', `${API}/to-images?${query}`, { token: side.token, headers: { ...side.headers, ...headers }, body });
};

/** Runs queued jobs here until none is left; the conversion has ended by then. */
async function settled(s: TestServer, side: CompanySide, id: number): Promise<PdfConversion> {
  await s.services.jobs.drain();
  const res = await callAs(s, side, 'GET', `/to-images/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function bytesOf(s: TestServer, fileId: number) {
  const row = await s.services.db.selectFrom('files').select('object_name').where('id', '=', fileId).executeTakeFirstOrThrow();
  const stream = await s.services.storage.read(row.object_name);
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase('PDF optimiser', (server) => {
  it("converts a 3-page PDF into 3 JPEG files in the project's files at ratio 1 and 2, with progress and a notification", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const pdf = await planPdf(3);

    const started = await convert(s, f.owner, `projectId=${p.id}`, { name: 'Plans.pdf', bytes: pdf });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ projectId: p.id, sourceName: 'Plans.pdf', ratio: 1, status: 'queued', pagesDone: 0, folderId: p.folderId });
    const done = await settled(s, f.owner, started.body.id);
    expect(done).toMatchObject({ status: 'done', pagesTotal: 3, pagesDone: 3, error: null });
    expect(done.files.map((x) => x.name)).toEqual(['Plans - page 1.jpg', 'Plans - page 2.jpg', 'Plans - page 3.jpg']);

    const listed = await callAs(s, f.owner, 'GET', `/projects/${p.id}/files`);
    expect(listed.body.map((x: { name: string }) => x.name)).toEqual(['Plans - page 1.jpg', 'Plans - page 2.jpg', 'Plans - page 3.jpg']);
    expect(listed.body.every((x: { contentType: string }) => x.contentType === 'image/jpeg')).toBe(true);
    const folder = await callAs(s, f.owner, 'GET', `/filesNew/folderId/${p.folderId}`);
    expect(folder.body.map((x: { name: string }) => x.name).sort()).toEqual(['Plans - page 1.jpg', 'Plans - page 2.jpg', 'Plans - page 3.jpg']);
    for (const page of done.files) expect(jpegSize(await bytesOf(s, page.fileId))).toEqual({ width: 612, height: 792 });

    // Ratio 2: twice the pixels each way.
    const sharper = await convert(s, f.owner, `projectId=${p.id}&ratio=2`, { name: 'Plans.pdf', bytes: pdf });
    expect(sharper.status).toBe(202);
    const sharp = await settled(s, f.owner, sharper.body.id);
    expect(sharp).toMatchObject({ status: 'done', ratio: 2, pagesDone: 3 });
    for (const page of sharp.files) expect(jpegSize(await bytesOf(s, page.fileId))).toEqual({ width: 1224, height: 1584 });

    // The requester is told, and the uploaded PDF is let go once converted.
    const notes = await s.services.db.selectFrom('notifications').selectAll().where('type', '=', 'pdf-converted-to-jpeg').where('company_id', '=', f.owner.companyId).orderBy('id').execute();
    expect(notes.map((n) => n.description)).toEqual([PDF_MESSAGES.done('Plans.pdf', 3), PDF_MESSAGES.done('Plans.pdf', 3)]);
    expect(JSON.parse(notes[0]!.options)).toEqual({ projectId: p.id });
    const sources = await s.services.db.selectFrom('files').select('id').where('entity_type', '=', 'pdfConversion').execute();
    expect(sources).toEqual([]);
  });

  it('answers a conversion to its company only, refuses callers without the right, bad ratios and files that are not PDFs', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const pdf = await planPdf(1);
    const started = await convert(s, f.owner, `projectId=${p.id}`, { name: 'one.pdf', bytes: pdf });
    expect(started.status).toBe(202);
    await s.services.jobs.drain();
    expect((await callAs(s, f.stranger, 'GET', `/to-images/${started.body.id}`)).status).toBe(404);
    expect((await callAs(s, f.client, 'GET', `/to-images/${started.body.id}`)).status).toBe(404);
    expect((await callAs(s, f.owner, 'GET', `/to-images/999999`)).status).toBe(404);

    expect((await convert(s, f.client, `projectId=${p.id}`, { name: 'x.pdf', bytes: pdf })).status).toBe(403);
    expect((await convert(s, f.stranger, `projectId=${p.id}`, { name: 'x.pdf', bytes: pdf })).status).toBe(404);
    for (const ratio of ['0.1', '5', 'abc', '1e0', '-1', '1.234']) {
      const bad = await convert(s, f.owner, `projectId=${p.id}&ratio=${ratio}`, { name: 'x.pdf', bytes: pdf });
      expect(bad.status, ratio).toBe(400);
    }
    expect((await convert(s, f.owner, 'ratio=1', { name: 'x.pdf', bytes: pdf })).status).toBe(400);

    const before = await s.services.db.selectFrom('pdf_conversions').select('id').execute();
    const text = await convert(s, f.owner, `projectId=${p.id}`, { name: 'fake.pdf', bytes: Buffer.from('not a pdf at all'), type: 'application/pdf' });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(PDF_MESSAGES.notPdf);
    expect(await s.services.db.selectFrom('pdf_conversions').select('id').execute()).toEqual(before);
  });

  const hostile: Array<{ name: string; bytes: () => Promise<Buffer> | Buffer; message: string | RegExp }> = [
    { name: 'truncated', bytes: async () => (await planPdf(3)).subarray(0, 300), message: /^This file could not be read as a PDF: / },
    { name: 'encrypted', bytes: encryptedPdf, message: PDF_MESSAGES.encrypted },
    { name: '10,000 pages', bytes: () => manyPagesPdf(10_000), message: PDF_MESSAGES.tooManyPages(10_000) },
    { name: '200 in × 200 in page', bytes: () => planPdf(2, [200 * INCH, 200 * INCH], { linesPerPage: 2 }), message: PDF_MESSAGES.pageTooLarge(1, 14400, 14400, 1) },
    { name: 'image bomb', bytes: imageBombPdf, message: PDF_MESSAGES.imageTooLarge(1) },
  ];
  for (const h of hostile) {
    it(`fails the ${h.name} PDF cleanly with its message, quickly, writing no page, while the server keeps answering`, async () => {
      const s = server();
      const f = await projectFixture(s);
      const p = await clientProject(s, f);
      const started = await convert(s, f.owner, `projectId=${p.id}`, { name: `${h.name}.pdf`, bytes: await h.bytes() });
      expect(started.status).toBe(202);
      const t0 = Date.now();
      const running = s.services.jobs.drain();
      const health = await s.call('GET', `${API}/health`);
      expect(health.status).toBe(200);
      await running;
      expect(Date.now() - t0).toBeLessThan(20_000);
      const ended = (await callAs(s, f.owner, 'GET', `/to-images/${started.body.id}`)).body as PdfConversion;
      expect(ended.status).toBe('failed');
      if (typeof h.message === 'string') expect(ended.error).toBe(h.message);
      else expect(ended.error).toMatch(h.message);
      expect(ended.files).toEqual([]);
      expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/files`)).body).toEqual([]);
      const note = await s.services.db.selectFrom('notifications').select('description').where('company_id', '=', f.owner.companyId).where('type', '=', 'pdf-converted-to-jpeg').executeTakeFirstOrThrow();
      expect(note.description).toBe(`${h.name}.pdf could not be converted: ${ended.error}`);
      expect((await s.call('GET', `${API}/health`)).status).toBe(200);
    }, 60_000);
  }
});
