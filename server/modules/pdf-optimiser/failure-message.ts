import { PDF_MESSAGES } from '../../../resources/pdf-conversion.js';
import type { RasteriseFailure } from './rasterise.js';

/** The sentence people read for why a PDF was not converted. */
export function failureMessage(f: RasteriseFailure, ratio: number): string {
  switch (f.reason) {
    case 'encrypted':
      return PDF_MESSAGES.encrypted;
    case 'unreadable':
      return PDF_MESSAGES.unreadable(f.detail);
    case 'tooManyPages':
      return PDF_MESSAGES.tooManyPages(f.pages);
    case 'pageTooLarge':
      return PDF_MESSAGES.pageTooLarge(f.page, f.width, f.height, ratio);
    case 'imageTooLarge':
      return PDF_MESSAGES.imageTooLarge(f.page);
    case 'pageTimeout':
      return PDF_MESSAGES.pageTimeout(f.page, f.seconds);
    case 'outOfMemory':
      return PDF_MESSAGES.outOfMemory(f.page);
  }
}
