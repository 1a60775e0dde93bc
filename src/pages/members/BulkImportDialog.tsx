import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { BULK_COLUMNS, BULK_LIMITS, members, type BulkImportResult } from '../../../resources/member';
import type { ApiError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { BulkReport } from './BulkReport';

const TEMPLATE = `${BULK_COLUMNS.join(',')}\nJane Doe,jane@example.com,+1 512 555 0100,US,TX,Supervisor\n`;
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;

/** Members from a CSV or XLSX file: pick, upload with progress in percent, then the per-row report. */
export function BulkImportDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<BulkImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const uploading = progress !== null && result === null && failure === null;

  const start = async () => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    setProgress(0);
    try {
      const answer = await uploadFile<BulkImportResult>(`/companies/${companyId}/memberships/bulk`, { type: 'members' }, file, setProgress);
      setResult(answer);
      if (answer.added.length) {
        open?.({ type: 'success', message: 'Members Added', description: `${answer.added.length} invited` });
        void invalidate({ resource: members.name, invalidates: ['list'] });
      }
    } catch (err) {
      setFailure((err as ApiError).message);
      setProgress(null);
    }
  };

  const tooBig = !!file && file.size > BULK_LIMITS.bytes;
  return (
    <Dialog open onClose={uploading ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="bulk-import-title">
      <DialogTitle id="bulk-import-title">Import Members</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            A CSV or Excel (.xlsx) file whose first row names the columns {BULK_COLUMNS.join(', ')}; name, email and role are required. Each
            row becomes an invitation by e-mail; rows that cannot be added are listed with the reason. At most{' '}
            {BULK_LIMITS.rows.toLocaleString()} rows. <Link href={templateHref} download="members-template.csv">Download a template</Link>
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={uploading}>
              Choose file
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label="Members file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setResult(null);
                  setFailure(null);
                  setProgress(null);
                }}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
              {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'No file chosen'}
            </Typography>
          </Stack>
          {tooBig && <Alert severity="error">The file is larger than {BULK_LIMITS.bytes / 1024 / 1024} MB.</Alert>}
          {progress !== null && (
            <Box>
              <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {progress < 100 ? `Uploading… ${progress}%` : 'Done: 100%'}
              </Typography>
            </Box>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          {result && <BulkReport result={result} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={start} disabled={!file || tooBig || uploading}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
