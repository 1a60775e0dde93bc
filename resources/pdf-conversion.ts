import { z } from 'zod';
import { idParam } from './id.js';
import { text } from './text.js';

/**
 * The PDF optimiser (spec 02 §7, issue 20): a PDF turned into one JPEG per page, at `ratio` × 72 dpi,
 * as background work; the pages land in the project's files.
 */

export const PDF_CONVERSION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type PdfConversionStatus = (typeof PDF_CONVERSION_STATUSES)[number];

export const MIN_RATIO = 0.25;
export const MAX_RATIO = 4;
/** The dialog's choices; any ratio in range may be asked for through the API. */
export const RATIO_CHOICES = [
  { value: 1, label: 'Standard (1×)' },
  { value: 2, label: 'Sharper (2×)' },
] as const;

/** Pages of one PDF converted at most; a larger PDF is refused before any page is written. */
export const MAX_PAGES = 2000;
/** Pixels of one page image at most (40 megapixels: a 36 × 24 in sheet fits up to ratio 4). */
export const MAX_PAGE_PIXELS = 40_000_000;

const RATIO_MESSAGE = `Must be a number from ${MIN_RATIO} to ${MAX_RATIO}, with at most two decimals`;

/** A ratio as query text: '1', '1.5', '0.25'; no exponent or sign, so it always means what it reads. */
const ratio = text({ error: RATIO_MESSAGE })
  .regex(/^\d+(\.\d{1,2})?$/, RATIO_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(MIN_RATIO, RATIO_MESSAGE).max(MAX_RATIO, RATIO_MESSAGE));

/** POST /to-images?projectId=&ratio=: the project whose files receive the pages, and the ratio (1 by default). */
export const convertPdfQuery = z.strictObject({
  projectId: idParam('Choose a project'),
  ratio: ratio.optional().default(1),
});
export type ConvertPdfQuery = z.output<typeof convertPdfQuery>;

export const conversionParams = z.strictObject({ id: idParam() });

/** A conversion as the API answers it (202 on POST, 200 on GET /to-images/{id}). */
export interface PdfConversion {
  id: number;
  projectId: number;
  sourceName: string;
  ratio: number;
  status: PdfConversionStatus;
  /** Null until the PDF has been opened. */
  pagesTotal: number | null;
  pagesDone: number;
  /** Why it failed, for people: shown as is. */
  error: string | null;
  /** The project folder the pages went into. */
  folderId: number | null;
  /** The page images written so far, in page order. */
  files: Array<{ page: number; fileId: number; name: string }>;
  requestedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The name of page `page`'s image: "<source name without .pdf> - page N.jpg". */
export function pageFileName(sourceName: string, page: number) {
  const base = sourceName.replace(/\.pdf$/i, '') || 'document';
  return `${base} - page ${page}.jpg`;
}

/** Failure messages people see (and tests hold to). */
export const PDF_MESSAGES = {
  notPdf: 'The file is not a PDF',
  encrypted: 'This PDF is protected by a password: remove the protection and upload it again.',
  unreadable: (detail: string) => `This file could not be read as a PDF: ${detail}`,
  tooManyPages: (pages: number) => `This PDF has ${pages} pages: at most ${MAX_PAGES} pages can be converted at once. Split it and upload the parts.`,
  pageTooLarge: (page: number, width: number, height: number, r: number) =>
    `Page ${page} would be ${width} × ${height} pixels at ratio ${r}: at most ${MAX_PAGE_PIXELS / 1_000_000} megapixels per page. Choose a smaller ratio.`,
  imageTooLarge: (page: number) => `Page ${page} holds an image too large to render (over ${MAX_PAGE_PIXELS / 1_000_000} megapixels): it was not converted.`,
  pageTimeout: (page: number, seconds: number) => `Page ${page} took longer than ${seconds} seconds to render: the conversion was stopped.`,
  outOfMemory: (page: number) => `Page ${page} needed more memory than a conversion may use: the conversion was stopped.`,
  sourceGone: 'The uploaded PDF is no longer stored: upload it again.',
  done: (name: string, pages: number) => `${name} was converted to ${pages} image${pages === 1 ? '' : 's'} in the project's files`,
} as const;
