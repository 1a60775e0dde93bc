import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, DialogActions, LinearProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { downloadFile, saveBlob } from '../api/download';

export type ReportDownload = ReturnType<typeof useReportDownload>;

/**
 * A report dialog's download (a POST answering a file): saved under the server's name, or `fallbackName`,
 * then the dialog closes. A failure keeps the dialog with the server's message and Download can be pressed
 * again (spec 02 §8: a failed report download resets the downloading flag); Cancel or closing stops it.
 */
export function useReportDownload(onClose: () => void) {
  // undefined: not running; null: running, size unknown; a number: percent.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const close = () => {
    running.current?.abort();
    onClose();
  };

  const download = async (path: string, body: unknown, fallbackName: string) => {
    setFailure(null);
    setProgress(null);
    const controller = new AbortController();
    running.current = controller;
    try {
      const { blob, filename } = await downloadFile(path, { method: 'POST', body, onProgress: setProgress, signal: controller.signal });
      saveBlob(blob, filename ?? fallbackName);
      running.current = null;
      onClose();
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailure((err as Error).message);
      setProgress(undefined);
      running.current = null;
    }
  };

  return { downloading: progress !== undefined, progress, failure, dismiss: () => setFailure(null), close, download };
}

/** The bar while the file comes, and why it did not. */
export function ReportDownloadStatus({ state }: { state: ReportDownload }) {
  return (
    <>
      {state.downloading && (
        <LinearProgress variant={state.progress === null ? 'indeterminate' : 'determinate'} value={state.progress ?? undefined} aria-label="Download progress" />
      )}
      {state.failure && (
        <Alert severity="error" onClose={state.dismiss}>
          {state.failure}
        </Alert>
      )}
    </>
  );
}

/** Cancel and Download (the form's submit), Downloading… while it runs. */
export function ReportDownloadActions({ state }: { state: ReportDownload }) {
  return (
    <DialogActions>
      <Button onClick={state.close}>Cancel</Button>
      <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={state.downloading}>
        {state.downloading ? 'Downloading…' : 'Download'}
      </Button>
    </DialogActions>
  );
}
