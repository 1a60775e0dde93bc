import DownloadIcon from '@mui/icons-material/Download';
import { Button, DialogActions } from '@mui/material';
import { FileDownloadStatus, useFileDownload } from './FileDownload';

export type ReportDownload = ReturnType<typeof useReportDownload>;

/**
 * A report dialog's download (a POST answering a file), then the dialog closes. A failure keeps the
 * dialog with the server's message and Download can be pressed again; Cancel or closing stops it.
 */
export function useReportDownload(onClose: () => void) {
  const file = useFileDownload();
  const close = () => {
    file.abort();
    onClose();
  };
  const download = async (path: string, body: unknown, fallbackName: string) => {
    if (await file.start(path, fallbackName, { method: 'POST', body })) onClose();
  };
  return { ...file, close, download };
}

/** The bar while the file comes, and why it did not. */
export function ReportDownloadStatus({ state }: { state: ReportDownload }) {
  return <FileDownloadStatus state={state} />;
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
