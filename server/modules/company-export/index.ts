import { downloadExport } from './operations/download-export.js';
import { getExport } from './operations/get-export.js';
import { listExports } from './operations/list-exports.js';
import { startExport } from './operations/start-export.js';

export { registerCompanyExports, scheduleExportExpiry } from './export-job.js';
export const companyExportRoutes = [startExport, listExports, getExport, downloadExport];
