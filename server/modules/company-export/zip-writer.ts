import archiver, { type EntryData } from 'archiver';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FORMAT_VERSION, type ExportManifest } from '../../../resources/company-export.js';
import type { Services } from '../../services.js';
import { EXPORT_FILE_ENTITY, EXPORT_SECTIONS, sectionRows } from './export-sections.js';

/** Thrown between entries when the server is stopping: the job queues its continuation instead of holding the shutdown. */
export class ExportStopped extends Error {
  constructor() {
    super('The server is stopping');
  }
}

/** What a manifest records of the company and the export. */
export interface ExportSubject {
  companyId: number;
  companyName: string;
  exportedBy: { id: number; name: string } | null;
}

/** Where a file's bytes are in the zip: its id keeps names unique, its name keeps them readable. */
export function zipPathOf(file: { id: number; name: string }) {
  const name = file.name.replace(/[\\/:*?"<>|\x00-\x1f]+/g, '_').slice(0, 150) || 'file';
  return `files/${file.id}-${name}`;
}

/** Types whose bytes are compressed already: deflating them again costs CPU and saves nothing. */
const COMPRESSED = /^(image\/(jpeg|png|gif|webp)|video\/|audio\/mpeg|application\/(zip|pdf|gzip|x-7z-compressed))/;

/** A JSON array written a row at a time. */
async function* jsonArray(rows: AsyncIterable<Record<string, unknown>>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** The company's files with bytes to copy, a page at a time. */
async function* filesToCopy(services: Services, companyId: number) {
  let after = 0;
  for (;;) {
    const page = await services.db
      .selectFrom('files')
      .select(['id', 'name', 'object_name', 'content_type', 'length', 'created_at'])
      .where('company_id', '=', companyId)
      .where('entity_type', '!=', EXPORT_FILE_ENTITY)
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute();
    yield* page;
    if (page.length < 200) return;
    after = page[page.length - 1]!.id;
  }
}

/** How many steps writeExportZip reports: one per JSON file, one per file, one for the manifest. */
export async function countSteps(services: Services, companyId: number) {
  const row = await services.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('entity_type', '!=', EXPORT_FILE_ENTITY)
    .executeTakeFirstOrThrow();
  return EXPORT_SECTIONS.length + Number(row.n) + 1;
}

/**
 * Writes the export into `target`: one JSON file per section, streamed from its rows a page at a
 * time, each file's bytes streamed from the store under files/, then manifest.json. Entries go in
 * one after another, so at most one table page or one file is in flight; `step` is called after each,
 * and `shouldStop` before each (ExportStopped when it says so).
 */
export async function writeExportZip(
  services: Services,
  subject: ExportSubject,
  target: string,
  hooks: { step: () => void; shouldStop: () => boolean },
): Promise<ExportManifest> {
  const { step } = hooks;
  const checkStop = () => {
    if (hooks.shouldStop()) throw new ExportStopped();
  };
  await mkdir(path.dirname(target), { recursive: true });
  const archive = archiver('zip', { zlib: { level: 6 } });
  const out = createWriteStream(target);
  const writing = pipeline(archive, out);
  // Awaited at the end; a failure before then surfaces through the entry that was being written.
  writing.catch(() => undefined);
  let failure: Error | null = null;
  archive.on('error', (err) => (failure = err));
  archive.on('warning', (err) => (failure = err));

  const add = (source: Readable | Buffer, data: EntryData) =>
    new Promise<void>((resolve, reject) => {
      const onEntry = (entry: EntryData) => {
        if (entry.name !== data.name) return;
        done();
        resolve();
      };
      const onError = (err: Error) => {
        done();
        reject(err);
      };
      const done = () => {
        archive.off('entry', onEntry);
        archive.off('error', onError);
        archive.off('warning', onError);
      };
      archive.on('entry', onEntry);
      archive.on('error', onError);
      archive.on('warning', onError);
      // A source failing midway (the store dropped the connection) is not always reported by the archive.
      if (source instanceof Readable) source.once('error', onError);
      archive.append(source, data);
    });

  try {
    const counts: Record<string, number> = {};
    for (const section of EXPORT_SECTIONS) {
      checkStop();
      let n = 0;
      const rows = async function* () {
        for await (const row of sectionRows(services.db, section, subject.companyId)) {
          n++;
          // files.json says where each file's bytes are in the zip.
          yield section.table === 'files' ? { ...row, path: zipPathOf(row as { id: number; name: string }) } : row;
        }
      };
      await add(Readable.from(jsonArray(rows())), { name: `${section.name}.json` });
      counts[section.name] = n;
      step();
    }

    const files = { count: 0, bytes: 0, missing: 0 };
    for await (const file of filesToCopy(services, subject.companyId)) {
      checkStop();
      const bytes = await services.storage.read(file.object_name);
      if (bytes) {
        await add(bytes, { name: zipPathOf(file), store: COMPRESSED.test(file.content_type), date: new Date(file.created_at) });
        files.count++;
        files.bytes += Number(file.length);
      } else files.missing++;
      step();
    }

    const manifest: ExportManifest = {
      formatVersion: EXPORT_FORMAT_VERSION,
      company: { id: subject.companyId, name: subject.companyName },
      exportedAt: new Date().toISOString(),
      exportedBy: subject.exportedBy,
      counts,
      files,
      units: {
        '*_cents': 'money in whole cents (integer)',
        '*_e3': 'thousandths: quantities in thousandths of a unit, percents in thousandths of a percent',
        dates: 'timestamps are ISO-8601 in UTC; days are YYYY-MM-DD',
        flags: '0 or 1',
        'JSON columns': 'text holding JSON, as stored',
        'files.path': "where the file's bytes are in this zip",
      },
    };
    await add(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), { name: 'manifest.json' });
    step();
    await archive.finalize();
    await writing;
    if (failure) throw failure;
    return manifest;
  } catch (err) {
    // Both ends stop here: an aborted archive with an entry half read would never end the pipeline.
    archive.abort();
    out.destroy();
    throw err;
  }
}
