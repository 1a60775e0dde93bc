import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { DECISIONS_WITH_REASON, type DocumentDecisionValue, type recordedDecisionFields } from '../../resources/client-decision';

export interface RecordedDecision {
  fields: Record<string, string>;
  file: File | null;
}

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Records a decision the client gave outside the product (a call, a signed paper) on its behalf:
 * what was decided, who said it, on which day, the reason for a rejection, and optionally the file
 * that proves it. The fields are checked with the same schema the server applies; a refusal from the
 * server stays in the dialog.
 */
export function RecordDecisionDialog<D extends readonly [string, ...string[]]>({
  title,
  intro,
  decisions,
  schema,
  defaultName = '',
  defaultEmail = '',
  onConfirm,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  decisions: ReadonlyArray<{ value: D[number]; label: string }>;
  schema: ReturnType<typeof recordedDecisionFields<D>>;
  defaultName?: string;
  defaultEmail?: string;
  /** Sends it (with upload progress when there is a file). */
  onConfirm: (decision: RecordedDecision, onProgress: (percent: number) => void) => Promise<void>;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState({ decision: decisions[0]!.value as string, decidedByName: defaultName, decidedByEmail: defaultEmail, decidedAt: today(), reason: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const needsReason = DECISIONS_WITH_REASON.includes(values.decision as DocumentDecisionValue);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = { ...values, reason: needsReason ? values.reason : '' };
    const parsed = (schema as z.ZodType).safeParse(sent);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await onConfirm({ fields: Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== '')), file }, setProgress);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="record-decision-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="record-decision-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro && <DialogContentText component="div">{intro}</DialogContentText>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField select label="Decision" value={values.decision} onChange={set('decision')} disabled={busy} error={!!errors.decision} helperText={errors.decision || undefined}>
              {decisions.map((d) => (
                <MenuItem key={d.value} value={d.value}>
                  {d.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Who gave it"
              value={values.decidedByName}
              onChange={set('decidedByName')}
              required
              disabled={busy}
              error={!!errors.decidedByName}
              helperText={errors.decidedByName || 'The client’s person who said or signed it'}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField label="Their e-mail" type="email" value={values.decidedByEmail} onChange={set('decidedByEmail')} disabled={busy} error={!!errors.decidedByEmail} helperText={errors.decidedByEmail || undefined} />
            <TextField
              label="On"
              type="date"
              value={values.decidedAt}
              onChange={set('decidedAt')}
              required
              disabled={busy}
              error={!!errors.decidedAt}
              helperText={errors.decidedAt || undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
            />
            {needsReason && (
              <TextField
                label="Reason"
                value={values.reason}
                onChange={set('reason')}
                required
                multiline
                minRows={3}
                disabled={busy}
                error={!!errors.reason}
                helperText={errors.reason || undefined}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            )}
            <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={busy} sx={{ minHeight: 40, flexShrink: 0 }}>
                {file ? 'Change file' : 'Attach proof'}
                <input type="file" hidden accept="application/pdf,image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              </Button>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
                {file ? file.name : 'Optional: the signed paper or the client’s e-mail'}
              </Typography>
            </Stack>
            {busy && progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Recording…' : 'Record decision'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
