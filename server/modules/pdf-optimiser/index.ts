import { convertPdf } from './operations/convert-pdf.js';
import { getConversion } from './operations/get-conversion.js';

export { registerPdfConversions } from './conversion-job.js';
export const pdfOptimiserRoutes = [convertPdf, getConversion];
