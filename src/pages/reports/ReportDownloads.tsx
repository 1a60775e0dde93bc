import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { reportFileName, type ReportDocument, type ReportFormat, type ReportName } from '../../../resources/report';
import { FileDownloadStatus, useFileDownload } from '../../components/FileDownload';
import { reportDownloadPath } from './report-api';

const LABELS: Record<ReportFormat, string> = { xlsx: 'Excel (xlsx)', pdf: 'PDF' };

/**
 * Download as xlsx or PDF: the same query the screen shows, rendered by the server from the same
 * document. A bar shows what has arrived; a failure says why and the button works again (spec 02 §8).
 */
export function ReportDownloads({ name, search, doc }: { name: ReportName; search: string; doc: ReportDocument | null }) {
  const file = useFileDownload();
  const [format, setFormat] = useState<ReportFormat | null>(null);

  const download = async (chosen: ReportFormat) => {
    setFormat(chosen);
    await file.start(reportDownloadPath(name, chosen, search), doc ? reportFileName(doc, chosen) : `report.${chosen}`, {}, `The ${LABELS[chosen]} download failed: `);
  };

  return (
    <Stack spacing={1} sx={{ minWidth: { sm: 260 } }}>
      <Stack direction="row" spacing={1}>
        {(['xlsx', 'pdf'] as const).map((f) => (
          <Button key={f} variant="outlined" sx={{ whiteSpace: 'nowrap' }} startIcon={<DownloadIcon />} onClick={() => void download(f)} disabled={!doc || file.downloading}>
            {file.downloading && format === f ? 'Downloading…' : LABELS[f]}
          </Button>
        ))}
      </Stack>
      <FileDownloadStatus state={file} label={format ? `${LABELS[format]} download progress` : undefined} />
    </Stack>
  );
}
