import type { FastifyRequest } from 'fastify';
import { PDF_MESSAGES, type ConvertPdfQuery, type PdfConversion } from '../../../resources/pdf-conversion.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeUpload } from '../../storage/file-store.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { projectAccess } from '../projects/project-access.js';
import { projectFolder } from '../projects/project-files.js';
import { PDF_JOB, SOURCE_OWNER } from './conversion-job.js';
import { conversionView, type ConversionRow } from './conversion-view.js';

/**
 * POST /to-images: whoever may upload files to the project (it runs it, with projects:manage) sends a
 * PDF; its bytes are streamed into the store, checked to be a PDF by its first bytes, and a conversion
 * is recorded with its job in one transaction. The pages are written by the job (conversion-job.ts).
 */
export async function startConversion(services: Services, actor: Actor, query: ConvertPdfQuery, req: FastifyRequest): Promise<PdfConversion> {
  // The caller's right first: without it nothing of the body is read.
  await projectAccess(services.db, actor, query.projectId, 'manage');
  const upload = await receiveUploads(services, req, { maxFiles: 1, check: (file) => (file.contentType === 'application/pdf' ? null : PDF_MESSAGES.notPdf) });
  try {
    const file = upload.files[0];
    if (!file) throw refusalError(upload);
    const { project, folderId } = await projectFolder(services, actor, query.projectId);
    const owner = { companyId: project.company_id, entityType: SOURCE_OWNER.entityType, entityId: 0, type: SOURCE_OWNER.type, uploadedBy: actor.user.id };
    const row = await storeUpload(services, owner, file, async (trx, source) => {
      await projectAccess(trx, actor, project.id, 'manage');
      const now = nowIso();
      const conversion = (await trx
        .insertInto('pdf_conversions')
        .values({
          company_id: project.company_id,
          project_id: project.id,
          requested_by: actor.user.id,
          membership_id: actor.membership?.id ?? null,
          source_file_id: source.id,
          source_name: file.filename,
          ratio: String(query.ratio),
          status: 'queued',
          folder_id: folderId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as ConversionRow;
      // The source belongs to its conversion, and goes when the conversion ends.
      await trx.updateTable('files').set({ entity_id: String(conversion.id) }).where('id', '=', source.id).execute();
      await services.jobs.enqueue(PDF_JOB, { conversionId: conversion.id }, { executor: trx });
      await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
        entityType: 'pdfConversion',
        entityId: conversion.id,
        action: 'created',
        after: { projectId: project.id, sourceName: file.filename, ratio: query.ratio },
      });
      return conversion;
    });
    return conversionView(services.db, row);
  } finally {
    await upload.discard();
  }
}

/**
 * GET /to-images/{id}: a conversion of the active company, to whoever sees its project; another
 * company's is the same 404 as none.
 */
export async function readConversion(services: Services, actor: Actor, id: number): Promise<PdfConversion> {
  const row = (await services.db.selectFrom('pdf_conversions').selectAll().where('id', '=', id).executeTakeFirst()) as ConversionRow | undefined;
  if (!row || row.company_id !== actor.membership?.companyId) throw notFound('Conversion');
  await projectAccess(services.db, actor, row.project_id, 'view');
  return conversionView(services.db, row);
}
