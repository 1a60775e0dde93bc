import { commitBudgetImport } from './operations/commit-budget-import.js';
import { commitCatalogImport } from './operations/commit-catalog-import.js';
import { importTemplate } from './operations/import-template.js';
import { previewBudgetImport } from './operations/preview-budget-import.js';
import { previewCatalogImport } from './operations/preview-catalog-import.js';

/** Spreadsheet imports: budget items and catalog items, each previewed then written in one transaction. */
export const importRoutes = [previewBudgetImport, commitBudgetImport, previewCatalogImport, commitCatalogImport, importTemplate];
