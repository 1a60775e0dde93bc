import { readToken } from '../auth/token-store';
import { tabCompanyId } from '../session/active-company';
import { API_URL, ApiError, NETWORK_ERROR } from './http';

export interface DownloadOptions {
  /** No bearer or company header: a public page's file. */
  anonymous?: boolean;
  /** GET unless told; a POST sends `body` as JSON (a report's options). */
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Percent received: below 100 while bytes arrive, 100 once all are in; null while the size is unknown. */
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
}

export interface Downloaded {
  blob: Blob;
  /** The name the server gave (Content-Disposition), if any. */
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!.trim());
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * Fetches a file with progress (a signed PDF, a report, GET or POST): fetch cannot report how much has arrived
 * in every browser, XHR can. A failure is an ApiError with the server's message; nothing is shown
 * by the generic error dialog, the caller says what went wrong where the download was asked for.
 */
export function downloadFile(path: string, options: DownloadOptions = {}): Promise<Downloaded> {
  const url = path.startsWith('/api/') ? path : `${API_URL}${path}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'GET', url);
    xhr.responseType = 'blob';
    const token = options.anonymous ? null : readToken();
    if (token) {
      xhr.setRequestHeader('authorization', `Bearer ${token}`);
      const companyId = tabCompanyId();
      if (companyId) xhr.setRequestHeader('x-company-id', String(companyId));
    }
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onprogress = (e) => options.onProgress?.(e.lengthComputable && e.total ? Math.min(99, Math.floor((e.loaded / e.total) * 100)) : null);
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0, url, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('The download was stopped', 'AbortError'));
    xhr.onload = async () => {
      const blob = xhr.response as Blob;
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve({ blob, filename: filenameOf(xhr.getResponseHeader('content-disposition')) });
        return;
      }
      let body: any = null;
      try {
        body = JSON.parse(await blob.text());
      } catch {
        body = null;
      }
      reject(new ApiError(body?.error?.message ?? body?.message ?? (xhr.statusText || 'Download failed'), xhr.status, url, body?.error?.code));
    };
    if (options.body === undefined) xhr.send();
    else {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(options.body));
    }
  });
}

/** Hands a downloaded file to the browser to keep. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the link after click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
