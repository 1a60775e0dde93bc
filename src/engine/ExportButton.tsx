import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, LinearProgress, Snackbar } from '@mui/material';
import { useNotification, type CrudSort } from '@refinedev/core';
import { useState } from 'react';
import type { ApiError } from '../api/http';
import { downloadText, exportRows } from './csv-export';

interface Props {
  resource: string;
  label: string;
  /** Carries the list's conditions (meta.params, meta.scope). */
  meta: Record<string, unknown>;
  sorters: CrudSort[];
  columns: Array<{ field: string; headerName: string }>;
}

/** Exports the rows of the current view (its conditions, sort and visible columns) as CSV, showing progress. */
export function ExportButton(props: Props) {
  const { open: notify } = useNotification();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const csv = await exportRows({ ...props, onProgress: (done, total) => setProgress({ done, total }) });
      downloadText(`${props.resource}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (err) {
      notify?.({ type: 'error', message: `Export failed: ${(err as ApiError).message}` });
    } finally {
      setProgress(null);
    }
  };
  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      <Button startIcon={<FileDownloadOutlined />} onClick={() => void run()} disabled={!!progress}>
        Export
      </Button>
      <Snackbar
        open={!!progress}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        message={
          <span style={{ display: 'block', minWidth: 220 }}>
            Exporting {props.label.toLowerCase()}… {progress?.total ? `${progress.done} of ${progress.total}` : ''}
            <LinearProgress variant={progress?.total ? 'determinate' : 'indeterminate'} value={percent} sx={{ mt: 1 }} />
          </span>
        }
      />
    </>
  );
}
