import type { Project } from '../../../resources/project';

/** The project form as typed: text fields hold '' for nothing; the schema turns them into the API's nulls. */
export interface ProjectFormValues {
  projectName: string;
  code: string;
  projectNumber: string;
  address: string;
  country: string;
  state: string;
  city: string;
  startDate: string;
  endDate: string;
  /** A client company of the active company's (a client partner); null when the client is not on the platform. */
  clientId: number | null;
  clientName: string;
  clientEmail: string;
  /** The parent project, for a sub-project. */
  projectId: number | null;
  powoNumber: string;
  timezone: string;
  marketId: number | null;
  isSinglePart: boolean;
  taskBasedProduction: boolean;
  requireQuantityOnPDFDraw: boolean;
  pdfScaleFactor: string;
}

export const PROJECT_FORM_FIELDS = [
  'projectName',
  'code',
  'projectNumber',
  'address',
  'country',
  'state',
  'city',
  'startDate',
  'endDate',
  'clientId',
  'clientName',
  'clientEmail',
  'projectId',
  'powoNumber',
  'timezone',
  'marketId',
  'isSinglePart',
  'taskBasedProduction',
  'requireQuantityOnPDFDraw',
  'pdfScaleFactor',
] as const satisfies ReadonlyArray<keyof ProjectFormValues>;

/** A new project starts in `timezone`: its parent's, else its company's. */
export function emptyProject(parentId: number | null, timezone: string): ProjectFormValues {
  return {
    projectName: '',
    code: '',
    projectNumber: '',
    address: '',
    country: 'US',
    state: '',
    city: '',
    startDate: '',
    endDate: '',
    clientId: null,
    clientName: '',
    clientEmail: '',
    projectId: parentId,
    powoNumber: '',
    timezone,
    marketId: null,
    isSinglePart: false,
    taskBasedProduction: false,
    requireQuantityOnPDFDraw: false,
    pdfScaleFactor: '',
  };
}

export function projectFormValues(p: Project): ProjectFormValues {
  return {
    projectName: p.projectName,
    code: p.code,
    projectNumber: p.projectNumber ?? '',
    address: p.address ?? '',
    country: p.country ?? '',
    state: p.state ?? '',
    city: p.city ?? '',
    startDate: p.startDate ?? '',
    endDate: p.endDate ?? '',
    clientId: p.clientId,
    clientName: p.clientName ?? '',
    clientEmail: p.clientEmail ?? '',
    projectId: p.projectId,
    powoNumber: p.powoNumber ?? '',
    timezone: p.timezone,
    marketId: p.marketId,
    isSinglePart: p.isSinglePart,
    taskBasedProduction: p.taskBasedProduction,
    requireQuantityOnPDFDraw: p.requireQuantityOnPDFDraw,
    pdfScaleFactor: p.pdfScaleFactor ?? '',
  };
}
