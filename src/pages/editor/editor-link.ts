import type { PlanEvidence } from '../../../resources/plan-takeoff';

/** The plan editor's address for a PDF file, coming back to `returnTo` (kept apart so that linking to it loads no pdf.js). */
export const planEditorPath = (fileId: number, returnTo: string) => `/editor?fileId=${fileId}&returnTo=${encodeURIComponent(returnTo)}`;

type PlanPage = Pick<PlanEvidence, 'fileId' | 'pageNumber'>;

/** The editor opened at the page a quantity was measured on. */
export const planEvidencePath = (evidence: PlanPage, returnTo: string) => `${planEditorPath(evidence.fileId, returnTo)}&page=${evidence.pageNumber}`;

/** The plan editor marking what a draft production's crew built, at one page of a plan file. */
export const productionMarkingPath = (page: PlanPage, productionId: number, returnTo: string) => `${planEvidencePath(page, returnTo)}&productionId=${productionId}`;

/** Where the editor's Close leads: a path inside the app only (a returnTo into the editor is always allowed, one out of the app never). */
export function safeReturnTo(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/files';
}
