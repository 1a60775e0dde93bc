import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { downloadFile, saveBlob } from '../../api/download';
import { reportFileName, type ReportDocument, type ReportFormat, type ReportName } from '../../../resources/report';
import { reportDownloadPath } from './report-api';

const LABELS: Record<ReportFormat, string> = { xlsx: 'Excel (xlsx)', pdf: 'PDF' };

/**
 * Download as xlsx or PDF: the same query the screen shows, rendered by the server from the same
 * document. A bar shows what has arrived; a failure says why and the button works again (spec 02 §8).
 */
export function ReportDownloads({ name, search, doc }: { name: ReportName; search: string; doc: ReportDocument | null }) {
  const [running, setRunning] = useState<ReportFormat | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const download = async (format: ReportFormat) => {
    setFailure(null);
    setProgress(null);
    setRunning(format);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { blob, filename } = await downloadFile(reportDownloadPath(name, format, search), { onProgress: setProgress, signal: controller.signal });
      saveBlob(blob, filename ?? (doc ? reportFileName(doc, format) : `report.${format}`));
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailure(`The ${LABELS[format]} download failed: ${(err as Error).message}`);
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };

  return (
    <Stack spacing={1} sx={{ minWidth: { sm: 260 } }}>
      <Stack direction="row" spacing={1}>
        {(['xlsx', 'pdf'] as const).map((format) => (
          <Button key={format} variant="outlined" sx={{ whiteSpace: 'nowrap' }} startIcon={<DownloadIcon />} onClick={() => void download(format)} disabled={!doc || running !== null}>
            {running === format ? 'Downloading…' : LABELS[format]}
          </Button>
        ))}
      </Stack>
      {running && (
        <Box>
          <LinearProgress variant={progress === null ? 'indeterminate' : 'determinate'} value={progress ?? undefined} aria-label={`${LABELS[running]} download progress`} />
        </Box>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
