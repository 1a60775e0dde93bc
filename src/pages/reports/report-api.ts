import { apiFetch } from '../../api/http';
import type { ReportDocument, ReportFormat, ReportName } from '../../../resources/report';

/** GET /reports/{name}?…: the report's document for its query (the address's search string). */
export const fetchReport = async (name: ReportName, search: string, signal?: AbortSignal) =>
  (await apiFetch<ReportDocument>(`/reports/${name}${search ? `?${search}` : ''}`, { signal, quiet: true })).data;

/** GET /reports/{name}/download/{format}?…: the same document as a file. */
export const reportDownloadPath = (name: ReportName, format: ReportFormat, search: string) => `/reports/${name}/download/${format}${search ? `?${search}` : ''}`;
