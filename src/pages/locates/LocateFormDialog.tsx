import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { createLocateBody, LOCATE_SUCCESS, updateLocateBody, type LocateDetail } from '../../../resources/locate';
import { apiFetch, type ApiError } from '../../api/http';
import { ProjectPicker } from '../productions/production-pickers';
import { LOCATE_PATHS } from './locate-parts';

type Values = { ticketNumber: string; projectId: number | null; address: string; city: string; state: string; digStartDate: string; expiresOn: string; description: string };

const initial = (l?: LocateDetail): Values => ({
  ticketNumber: l?.ticketNumber ?? '',
  projectId: l?.projectId ?? null,
  address: l?.address ?? '',
  city: l?.city ?? '',
  state: l?.state ?? '',
  digStartDate: l?.digStartDate ?? '',
  expiresOn: l?.expiresOn ?? '',
  description: l?.description ?? '',
});

/** A new ticket (POST /locates) or the fields of one (PATCH /locates/{id}); checked with the same schema as the server. */
export function LocateFormDialog({ locate, onClose }: { locate?: LocateDetail; onClose: (saved?: LocateDetail) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const [v, setV] = useState<Values>(initial(locate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Values>) => setV((x) => ({ ...x, ...change }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = { ...v, projectId: v.projectId ?? undefined };
    const checked = (locate ? updateLocateBody : createLocateBody).safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { data } = await apiFetch<LocateDetail>(locate ? LOCATE_PATHS.item(locate.id) : LOCATE_PATHS.create, { method: locate ? 'PATCH' : 'POST', body, quiet: true });
      notify?.({ type: 'success', message: locate ? LOCATE_SUCCESS.saved : LOCATE_SUCCESS.created });
      await invalidate({ resource: 'locates', invalidates: ['list', 'detail'], id: data.id });
      onClose(data);
    } catch (err) {
      const e = err as ApiError;
      if (e.details?.length) setErrors(Object.fromEntries(e.details.map((d) => [d.field, d.message])));
      setFailure(e.message);
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={v[name] ?? ''} onChange={(e) => set({ [name]: e.target.value })} error={!!errors[name]} helperText={errors[name]} {...extra} />
  );

  return (
    <Dialog open onClose={() => onClose()} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form onSubmit={save} noValidate>
        <DialogTitle>{locate ? `Edit ticket ${locate.ticketNumber}` : 'New locate ticket'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('ticketNumber', 'Ticket number', { required: true, autoFocus: true })}
            <ProjectPicker value={v.projectId} onChange={(p) => set({ projectId: p?.id ?? null })} required error={errors.projectId} />
            {text('address', 'Work site address')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('city', 'City', { fullWidth: true })}
              {text('state', 'State', { fullWidth: true })}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('digStartDate', 'Dig start', { type: 'date', required: true, fullWidth: true, slotProps: { inputLabel: { shrink: true } } })}
              {text('expiresOn', 'Expires on', { type: 'date', required: true, fullWidth: true, slotProps: { inputLabel: { shrink: true } } })}
            </Stack>
            {text('description', 'Notes', { multiline: true, minRows: 2 })}
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
