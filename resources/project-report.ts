import { z } from 'zod';
import { toUtcDate } from './project.js';
import { text } from './text.js';

/**
 * The project production report (spec 02 §7 Projects: POST /projects/{id}/report/production with
 * from, to and type). It answers a spreadsheet: the project's budget items with what was produced of
 * each from `from` to `to`, both days included, as days in the project's time zone.
 */

export const PRODUCTION_REPORT_MESSAGES = {
  date: 'Must be a date (YYYY-MM-DD)',
  range: 'To must be on or after from',
  type: 'Must be xlsx',
} as const;

/** The formats the report comes in. */
export const PRODUCTION_REPORT_TYPES = ['xlsx'] as const;
export type ProductionReportType = (typeof PRODUCTION_REPORT_TYPES)[number];

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
const reportDate = text({ error: PRODUCTION_REPORT_MESSAGES.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PRODUCTION_REPORT_MESSAGES.date)
  .refine((v) => toUtcDate(v) === v, PRODUCTION_REPORT_MESSAGES.date);

/** Empty or null is the same as not sent: the server's default. */
const optionalDate = z
  .union([reportDate, z.null(), z.literal('')])
  .optional()
  .transform((v) => v || undefined);

/**
 * POST /projects/{id}/report/production. `from` left out is the project's start date (the first of
 * `to`'s month when the project has none, or starts after `to`); `to` left out is today in the
 * project's time zone, or `from` when that is later. Sent together, `from` must not be after `to`.
 */
export const productionReportBody = z
  .object({
    from: optionalDate,
    to: optionalDate,
    type: z
      .enum(PRODUCTION_REPORT_TYPES, { error: PRODUCTION_REPORT_MESSAGES.type })
      .optional()
      .transform((v) => v ?? 'xlsx'),
  })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: PRODUCTION_REPORT_MESSAGES.range, path: ['to'] });
export type ProductionReportInput = z.input<typeof productionReportBody>;

/** MMDDYYYY of a YYYY-MM-DD day, as the report's file name writes it. */
export const fileDay = (day: string) => `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`;

/** The report's file name: Production_Report_{projectCode}_{MMDDYYYY from}_{MMDDYYYY to}.xlsx. */
export function productionReportFilename(projectCode: string, from: string, to: string): string {
  const code = projectCode.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
  return `Production_Report_${code}_${fileDay(from)}_${fileDay(to)}.xlsx`;
}
