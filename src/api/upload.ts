import { API_URL, ApiError, NETWORK_ERROR } from './http';
import { readToken } from '../auth/token-store';
import { tabCompanyId } from '../session/active-company';

export interface UploadOptions {
  method?: 'POST' | 'PATCH';
  /** The multipart field the files go in (PATCH /filesNew/{id} expects `img`). */
  fileField?: string;
  /**
   * The server's size limit in bytes: a 413, or a connection the server closed on a body over the
   * limit (browsers report that as a network error), is then rejected with `tooLargeMessage`.
   */
  maxBytes?: number;
  tooLargeMessage?: string;
  /** Progress of each file in the order given, from the bytes sent so far (below 100 until the answer). */
  onFileProgress?: (percents: number[]) => void;
}

export const TOO_LARGE = 'TOO_LARGE';

/**
 * Sends a multipart upload of one or more files and reports progress in percent: below 100 while
 * bytes are in flight, 100 once the server has answered (spec 01 §9). fetch cannot report upload
 * progress; XHR can.
 */
export function uploadFile<T>(
  path: string,
  fields: Record<string, string>,
  file: File | Blob | Array<File | Blob>,
  onProgress: (percent: number) => void = () => undefined,
  options: UploadOptions = {},
): Promise<T> {
  const { method = 'POST', fileField = 'file' } = options;
  const files = Array.isArray(file) ? file : [file];
  const form = new FormData();
  // Text fields first, so the server reads them before the files.
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(fileField, f, 'name' in f && typeof f.name === 'string' ? f.name : 'upload');
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const perFile = (loaded: number) => {
    let offset = 0;
    return files.map((f) => {
      const done = f.size === 0 ? (loaded > offset ? 1 : 0) : Math.max(0, Math.min(1, (loaded - offset) / f.size));
      offset += f.size;
      return Math.min(99, Math.floor(done * 100));
    });
  };
  const url = `${API_URL}${path}`;
  const tooLarge = (serverMessage?: string) => new ApiError(options.tooLargeMessage ?? serverMessage ?? 'The file is too large', 413, url, TOO_LARGE);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const companyId = token ? tabCompanyId() : null;
    if (companyId) xhr.setRequestHeader('x-company-id', String(companyId));
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
      // The multipart framing adds a few bytes per part; spread what was sent over the files' own sizes.
      options.onFileProgress?.(perFile((e.loaded / e.total) * total));
    };
    xhr.onerror = () =>
      reject(options.maxBytes !== undefined && total > options.maxBytes ? tooLarge() : new ApiError(NETWORK_ERROR, 0, url, 'NETWORK'));
    xhr.onload = () => {
      let body: any = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        options.onFileProgress?.(files.map(() => 100));
        resolve(body as T);
      } else if (xhr.status === 413) {
        reject(tooLarge(body?.error?.message ?? body?.message));
      } else {
        reject(new ApiError(body?.error?.message ?? body?.message ?? xhr.statusText, xhr.status, url, body?.error?.code, body?.error?.details));
      }
    };
    xhr.send(form);
  });
}
