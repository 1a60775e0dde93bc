import { z } from 'zod';
import { REPORT_QUERIES, REPORT_TITLES, reportFileName, reportFormat, type ReportDocument, type ReportName } from '../../../resources/report.js';
import type { Actor } from '../../http/actor.js';
import { defineRoute } from '../../http/route.js';
import { sendXlsx } from '../../lib/xlsx-reply.js';
import type { Services } from '../../services.js';
import { renderReportPdf } from './report-pdf.js';
import { writeReportXlsx } from './report-xlsx.js';

/** Builds one report's document from its (validated) query, as the acting member sees it. */
export type ReportBuilder<N extends ReportName> = (services: Services, actor: Actor, query: z.output<(typeof REPORT_QUERIES)[N]>) => Promise<ReportDocument>;

/** Reports are closed to plain members, claims and human resources (spec 01 §2), on the server as in the navigation. */
const REPORT_ACCESS = { permission: 'reports-open' } as const;

/**
 * A report's two calls: `GET /reports/{name}` answers its document for the screen, and
 * `GET /reports/{name}/download/{xlsx|pdf}` the same document as a file, with the same query, so
 * the file is what the screen shows.
 */
export function reportRoutes<N extends ReportName>(name: N, summary: string, build: ReportBuilder<N>) {
  const query = REPORT_QUERIES[name] as (typeof REPORT_QUERIES)[N];
  const read = defineRoute({
    method: 'GET',
    url: `/reports/${name}`,
    access: REPORT_ACCESS,
    summary: `The ${REPORT_TITLES[name]} report: ${summary}`,
    tags: ['reports'],
    query,
    handler: ({ actor, services, query: q }) => build(services, actor, q as never),
  });
  const download = defineRoute({
    method: 'GET',
    url: `/reports/${name}/download/:format`,
    access: REPORT_ACCESS,
    summary: `The ${REPORT_TITLES[name]} report as an xlsx workbook or a PDF (Title_from_to.xlsx|pdf), rendered from the document GET /reports/${name} answers for the same query`,
    tags: ['reports'],
    params: z.strictObject({ format: reportFormat }),
    query,
    handler: async ({ actor, services, params, query: q, reply }) => {
      // Built before the first byte goes out, so a failure is still an error answer.
      const doc = await build(services, actor, q as never);
      const fileName = reportFileName(doc, params.format);
      if (params.format === 'xlsx') return sendXlsx(reply, fileName, (out) => writeReportXlsx(out, doc));
      const pdf = await renderReportPdf(doc, doc.timeZone);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });
  return [read, download];
}
