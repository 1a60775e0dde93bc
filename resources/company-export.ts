import { z } from 'zod';
import { idParam } from './id.js';

/**
 * A company's data export (issue 22): the owner asks for it on the company page, a background job
 * writes one zip (a JSON file per kind of row, the files' bytes under files/ and a manifest), and it
 * can be downloaded for EXPORT_DAYS days.
 */

export const COMPANY_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type CompanyExportStatus = (typeof COMPANY_EXPORT_STATUSES)[number];

/** The layout of the zip; raised when a file or field changes meaning, so readers can tell. */
export const EXPORT_FORMAT_VERSION = 1;
/** Days a finished export can be downloaded; its zip is removed after that. */
export const EXPORT_DAYS = 7;
/** Exports the company page lists, newest first. */
export const EXPORT_LIST_SIZE = 10;

/** POST /companies/{id}/exports, GET /companies/{id}/exports: the company. */
export const companyExportsParams = z.strictObject({ id: idParam() });
/** GET /companies/{id}/exports/{exportId}[/download]. */
export const companyExportParams = z.strictObject({ id: idParam(), exportId: idParam() });

/** An export as the API answers it (202 on POST, 200 on GET, the items of the list). */
export interface CompanyExport {
  id: number;
  companyId: number;
  status: CompanyExportStatus;
  /** Steps done of the total (one per kind of row, one per file); total is null until counted. */
  stepsDone: number;
  stepsTotal: number | null;
  /** 0–100, whole: what the progress bar shows. */
  percent: number;
  /** Why it failed, for people. */
  error: string | null;
  /** Size of the zip in bytes, once done. */
  size: number | null;
  requestedBy: { id: number; name: string } | null;
  createdAt: string;
  finishedAt: string | null;
  /** After this the zip is removed; null until done. */
  expiresAt: string | null;
  /** A signed link to the zip (valid one to two hours; ask again for a fresh one) while it can be downloaded. */
  downloadUrl: string | null;
}

/** manifest.json at the root of the zip. */
export interface ExportManifest {
  formatVersion: number;
  company: { id: number; name: string };
  exportedAt: string;
  exportedBy: { id: number; name: string } | null;
  /** Rows written per JSON file (its name without .json). */
  counts: Record<string, number>;
  files: { count: number; bytes: number; missing: number };
  /** How values are kept, for whoever reads the rows. */
  units: Record<string, string>;
}

export const EXPORT_MESSAGES = {
  running: 'An export of this company is already running: wait for it to finish.',
  notReady: 'This export has no file to download yet.',
  expired: `This export has expired: exports can be downloaded for ${EXPORT_DAYS} days. Start a new one.`,
  done: (company: string) => `The export of ${company}'s data is ready to download`,
  failed: (company: string, error: string) => `The export of ${company}'s data failed: ${error}`,
} as const;

/** The name the zip is downloaded under. */
export const exportFileName = (companyName: string, createdAt: string) =>
  `${companyName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'company'}-export-${createdAt.slice(0, 10)}.zip`;
