import { convertPdfQuery } from '../../../../resources/pdf-conversion.js';
import { defineRoute } from '../../../http/route.js';
import { startConversion } from '../conversion-service.js';

export const convertPdf = defineRoute({
  method: 'POST',
  url: '/to-images',
  access: { permission: 'projects:view' },
  status: 202,
  summary:
    "The PDF optimiser: converts a PDF (multipart part `file`) into one JPEG per page at `ratio` × 72 dpi (0.25–4, default 1) in the background, the pages landing in the project's files (query `projectId`; the company that runs it, with projects:manage). Answers 202 with the conversion; GET /to-images/{id} follows its progress",
  tags: ['pdf-optimiser'],
  query: convertPdfQuery,
  handler: ({ actor, services, query, req }) => startConversion(services, actor, query, req),
});
