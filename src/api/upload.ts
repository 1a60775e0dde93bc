import { API_URL, ApiError, NETWORK_ERROR } from './http';
import { readToken } from '../auth/token-store';
import { tabCompanyId } from '../session/active-company';

export interface UploadOptions {
  method?: 'POST' | 'PATCH';
  /** The multipart field the file goes in (PATCH /filesNew/{id} expects `img`). */
  fileField?: string;
}

/**
 * Sends a multipart upload and reports progress in percent: below 100 while bytes are in flight,
 * 100 once the server has answered (spec 01 §9). fetch cannot report upload progress; XHR can.
 */
export function uploadFile<T>(
  path: string,
  fields: Record<string, string>,
  file: File | Blob,
  onProgress: (percent: number) => void = () => undefined,
  { method = 'POST', fileField = 'file' }: UploadOptions = {},
): Promise<T> {
  const form = new FormData();
  // Text fields first, so the server reads them before the file.
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(fileField, file, file instanceof File ? file.name : 'upload');
  const url = `${API_URL}${path}`;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const companyId = token ? tabCompanyId() : null;
    if (companyId) xhr.setRequestHeader('x-company-id', String(companyId));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0, url, 'NETWORK'));
    xhr.onload = () => {
      let body: any = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        reject(new ApiError(body?.error?.message ?? body?.message ?? xhr.statusText, xhr.status, url, body?.error?.code, body?.error?.details));
      }
    };
    xhr.send(form);
  });
}
