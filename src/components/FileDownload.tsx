import { Alert, LinearProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { downloadFile, saveBlob, type DownloadOptions } from '../api/download';

export type FileDownload = ReturnType<typeof useFileDownload>;

/**
 * One file download with progress at a time: saved under the server's name, or `fallbackName`. A
 * failure is kept with the server's message (after `failurePrefix`) and the download can be asked
 * again (spec 02 §8: a failed download resets the downloading flag); leaving the screen stops it.
 */
export function useFileDownload() {
  // undefined: not running; null: running, size unknown; a number: percent.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** Answers whether the file was saved. */
  const start = async (path: string, fallbackName: string, options: Omit<DownloadOptions, 'onProgress' | 'signal'> = {}, failurePrefix = '') => {
    setFailure(null);
    setProgress(null);
    const controller = new AbortController();
    running.current = controller;
    try {
      const { blob, filename } = await downloadFile(path, { ...options, onProgress: setProgress, signal: controller.signal });
      saveBlob(blob, filename ?? fallbackName);
      return true;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailure(`${failurePrefix}${(err as Error).message}`);
      return false;
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(undefined);
    }
  };

  return {
    downloading: progress !== undefined,
    progress,
    failure,
    dismiss: () => setFailure(null),
    abort: () => running.current?.abort(),
    start,
  };
}

/** The bar while the file comes, and why it did not. */
export function FileDownloadStatus({ state, label = 'Download progress' }: { state: FileDownload; label?: string }) {
  return (
    <>
      {state.downloading && <LinearProgress variant={state.progress === null ? 'indeterminate' : 'determinate'} value={state.progress ?? undefined} aria-label={label} />}
      {state.failure && (
        <Alert severity="error" onClose={state.dismiss}>
          {state.failure}
        </Alert>
      )}
    </>
  );
}
