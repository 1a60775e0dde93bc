import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { createLocateResponseBody, RESPONSE_STATUSES, updateLocateResponseBody, type LocateDetail, type LocateResponse } from '../../../resources/locate';
import { apiFetch, type ApiError } from '../../api/http';
import { LOCATE_PATHS } from './locate-parts';

/** An ISO instant as the value of a datetime-local input, in the device's zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A utility's response to the ticket, added or edited; answers the ticket with its responses. */
export function ResponseDialog({ locateId, response, onClose }: { locateId: number; response?: LocateResponse; onClose: (saved?: LocateDetail) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [utilityName, setUtilityName] = useState(response?.utilityName ?? '');
  const [status, setStatus] = useState<string>(response?.status ?? 'pending');
  const [note, setNote] = useState(response?.note ?? '');
  const [respondedAt, setRespondedAt] = useState(toLocalInput(response?.respondedAt ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { utilityName, status, note, respondedAt: respondedAt ? new Date(respondedAt).toISOString() : null };
    const checked = (response ? updateLocateResponseBody : createLocateResponseBody).safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    setFailure(null);
    try {
      const path = response ? LOCATE_PATHS.response(locateId, response.id) : LOCATE_PATHS.responses(locateId);
      const { data } = await apiFetch<LocateDetail>(path, { method: response ? 'PATCH' : 'POST', body, quiet: true });
      onClose(data);
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose()} fullScreen={fullScreen} fullWidth maxWidth="xs">
      <form onSubmit={save} noValidate>
        <DialogTitle>{response ? 'Edit response' : 'Add response'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Utility" required autoFocus value={utilityName} onChange={(e) => setUtilityName(e.target.value)} error={!!errors.utilityName} helperText={errors.utilityName} />
            <TextField select label="Response" value={status} onChange={(e) => setStatus(e.target.value)}>
              {RESPONSE_STATUSES.map((s) => (
                <MenuItem key={s.value} value={s.value}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Responded at" type="datetime-local" value={respondedAt} onChange={(e) => setRespondedAt(e.target.value)} error={!!errors.respondedAt} helperText={errors.respondedAt} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label="Note" multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} error={!!errors.note} helperText={errors.note} />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
