import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { BUDGET_IMPORT_COLUMNS, CATALOG_IMPORT_COLUMNS, IMPORT_HEADINGS } from '../../../resources/imports.js';
import { headingCell } from '../../lib/sheet-cells.js';
import { sendXlsx } from '../../lib/xlsx-reply.js';

export const TEMPLATE_KINDS = ['budget-items', 'items'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

const EXAMPLES: Record<TemplateKind, Array<Array<string | number>>> = {
  'budget-items': [
    ['ASP-01', 'Asphalt', 120, 95.5, 'Top course'],
    ['', 'Traffic control', 10, 450, ''],
  ],
  items: [
    ['ASP-01', 'Asphalt', 'ton', ''],
    ['', 'Traffic control', 'day', ''],
  ],
};

const NUMERIC = new Set(['quantity', 'price']);

/** The import's template: its headings and two example rows, which the person overwrites. */
export function sendTemplate(reply: FastifyReply, kind: TemplateKind) {
  const columns = kind === 'budget-items' ? BUDGET_IMPORT_COLUMNS : CATALOG_IMPORT_COLUMNS;
  return sendXlsx(reply, `${kind}-import-template.xlsx`, async (out) => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(kind === 'budget-items' ? 'Budget items' : 'Items');
    sheet.columns = columns.map((c) => ({ width: c === 'name' || c === 'description' ? 32 : 16 }));
    const heading = sheet.getRow(1);
    columns.forEach((c, i) => headingCell(heading.getCell(i + 1), IMPORT_HEADINGS[c], NUMERIC.has(c)));
    heading.commit();
    for (const example of EXAMPLES[kind]) sheet.addRow(example).commit();
    sheet.commit();
    await book.commit();
  });
}
