import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { IMPORT_HEADINGS, IMPORT_MAX_ROWS, SKIP_REFUSED_FIELD, type ImportColumn, type ImportPreview, type ImportResult } from '../../../resources/imports';
import { downloadFile, saveBlob } from '../../api/download';
import type { ApiError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { ImportPreviewGrid, StatusChip } from './ImportPreviewGrid';

export interface SheetImportProps {
  title: string;
  /** What the rows become, for the button and the notice: "budget items", "items". */
  noun: string;
  previewPath: string;
  importPath: string;
  template: 'budget-items' | 'items';
  columns: ImportColumn[];
  /** What the dialog says the import does, under the title. */
  intro: string;
  onClose: (imported: boolean) => void;
}

type Step = { kind: 'pick' } | { kind: 'previewing'; percent: number } | { kind: 'preview'; preview: ImportPreview } | { kind: 'importing'; percent: number; preview: ImportPreview };

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An import from a spreadsheet: pick an xlsx or csv, see every row as the server read it (matched,
 * new or refused with its reason) before anything is written, then import the rows in one go. The
 * same file is sent twice: the preview keeps nothing on the server.
 */
export function SheetImportDialog({ title, noun, previewPath, importPath, template, columns, intro, onClose }: SheetImportProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [skipRefused, setSkipRefused] = useState(false);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const busy = step.kind === 'previewing' || step.kind === 'importing';

  const fail = (err: unknown) => {
    const e = err as ApiError;
    const details = (e.details ?? []).filter((d) => d.field !== 'file').map((d) => `${d.field}: ${d.message}`);
    setFailure({ message: e.message, details: details.slice(0, 20).concat(details.length > 20 ? [`… and ${details.length - 20} more`] : []) });
  };

  const preview = async (picked: File) => {
    setFailure(null);
    setStep({ kind: 'previewing', percent: 0 });
    try {
      const answer = await uploadFile<ImportPreview>(previewPath, {}, picked, (percent) => setStep({ kind: 'previewing', percent }));
      setSkipRefused(false);
      setStep({ kind: 'preview', preview: answer });
    } catch (err) {
      fail(err);
      setStep({ kind: 'pick' });
    }
  };

  const commit = async (current: ImportPreview) => {
    if (!file) return;
    setFailure(null);
    setStep({ kind: 'importing', percent: 0, preview: current });
    try {
      const fields: Record<string, string> = skipRefused ? { [SKIP_REFUSED_FIELD]: 'true' } : {};
      const result = await uploadFile<ImportResult>(importPath, fields, file, (percent) => setStep({ kind: 'importing', percent, preview: current }));
      const created = result.created ? `, ${result.created} added to the catalog` : '';
      notify?.({ type: 'success', message: 'Import done', description: `${result.counts.total - result.skipped} rows imported${created}` });
      onClose(true);
    } catch (err) {
      fail(err);
      setStep({ kind: 'preview', preview: current });
    }
  };

  const shown = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;
  const importable = shown ? shown.counts.matched + shown.counts.new : 0;
  const blocked = !shown || importable === 0 || (shown.counts.refused > 0 && !skipRefused);
  const templateDownload = () =>
    downloadFile(`/imports/templates/${template}`)
      .then((d) => saveBlob(d.blob, d.filename ?? `${template}-import-template.xlsx`))
      .catch((err) => fail(err));

  return (
    <Dialog open onClose={busy ? undefined : () => onClose(false)} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="sheet-import-title">
      <DialogTitle id="sheet-import-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {intro} The first row names the columns: {columns.map((c) => IMPORT_HEADINGS[c]).join(', ')}. At most {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
              Choose file
              <input
                hidden
                type="file"
                accept={ACCEPT}
                aria-label="Spreadsheet file"
                onChange={(e) => {
                  const picked = e.target.files?.[0] ?? null;
                  e.target.value = '';
                  setFile(picked);
                  if (picked) void preview(picked);
                }}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere', flex: 1 }} color={file ? 'text.primary' : 'text.secondary'}>
              {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'No file chosen'}
            </Typography>
            <Button startIcon={<FileDownloadOutlined />} onClick={() => void templateDownload()}>
              Download template
            </Button>
          </Stack>
          {busy && (
            <Box>
              <LinearProgress variant={step.percent < 100 ? 'determinate' : 'indeterminate'} value={step.percent} aria-label={step.kind === 'importing' ? 'Import progress' : 'Reading the file'} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {step.percent < 100 ? `Uploading… ${step.percent}%` : step.kind === 'importing' ? 'Importing…' : 'Reading the rows…'}
              </Typography>
            </Box>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              {failure.message}
              {failure.details.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {failure.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          {shown && (
            <>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap aria-label="Counts">
                <Typography variant="body2">{shown.counts.total} rows:</Typography>
                <StatusChip status="matched" />
                <Typography variant="body2">{shown.counts.matched}</Typography>
                <StatusChip status="new" />
                <Typography variant="body2">{shown.counts.new}</Typography>
                <StatusChip status="refused" />
                <Typography variant="body2">{shown.counts.refused}</Typography>
              </Stack>
              {shown.ignoredColumns.length > 0 && (
                <Alert severity="info">Columns not read: {shown.ignoredColumns.join(', ')}.</Alert>
              )}
              {shown.counts.refused > 0 && (
                <FormControlLabel
                  control={<Checkbox checked={skipRefused} onChange={(e) => setSkipRefused(e.target.checked)} disabled={busy} />}
                  label={shown.counts.refused === 1 ? 'Leave out the refused row and import the others' : `Leave out the ${shown.counts.refused} refused rows and import the others`}
                />
              )}
              <ImportPreviewGrid rows={shown.rows} columns={columns} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={blocked || busy} onClick={() => shown && void commit(shown)}>
          Import {importable} {importable === 1 ? noun.replace(/s$/, '') : noun}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
