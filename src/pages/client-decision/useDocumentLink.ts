import { useCallback, useEffect, useState } from 'react';
import { CLIENT_DECISION_MESSAGES } from '../../../resources/client-decision';
import { apiFetch, type ApiError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import type { LinkLoad } from './PublicDocumentShell';

/** A link that no longer works answers 404 or 410 with its reason. */
export const isGone = (err: unknown) => [404, 410].includes((err as ApiError).statusCode);

/**
 * Loads what a mailed link opens (without login) and sends the decisions made on it. A decision the
 * link refuses turns the page into the link's refusal; any other failure is thrown to the dialog.
 */
export function useDocumentLink<V>(path: string, goneMessage: string = CLIENT_DECISION_MESSAGES.linkRefused) {
  const [load, setLoad] = useState<LinkLoad<V>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    apiFetch<V>(path, { anonymous: true, quiet: true, signal: controller.signal })
      .then(({ data }) => setLoad({ state: 'ready', view: data }))
      .catch((err: ApiError) => {
        if (err.name !== 'AbortError') setLoad({ state: 'gone', message: err.message || goneMessage });
      });
    return () => controller.abort();
  }, [path, goneMessage]);

  const decide = useCallback(
    async <O>(decisionPath: string, body: unknown): Promise<O | null> => {
      try {
        const { data } = await apiFetch<O>(decisionPath, { method: 'POST', body, anonymous: true, quiet: true });
        return data;
      } catch (err) {
        if (!isGone(err)) throw err;
        setLoad({ state: 'gone', message: (err as ApiError).message || goneMessage });
        return null;
      }
    },
    [goneMessage],
  );

  /** An approval with a drawn signature: multipart, as on the external budget review. */
  const sign = useCallback(
    async <O>(decisionPath: string, png: Blob, name: string | null, onProgress: (percent: number) => void): Promise<O | null> => {
      try {
        return await uploadFile<O>(decisionPath, { type: 'signature', name: name ?? '' }, new File([png], 'signature.png', { type: 'image/png' }), onProgress);
      } catch (err) {
        if (!isGone(err)) throw err;
        setLoad({ state: 'gone', message: (err as ApiError).message || goneMessage });
        return null;
      }
    },
    [goneMessage],
  );

  return { load, setLoad, decide, sign };
}
