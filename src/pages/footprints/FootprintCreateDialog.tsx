import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceField } from '../../../resources/engine';
import { createFootprintBody, FOOTPRINT_SUCCESS } from '../../../resources/footprint';
import type { ApiError } from '../../api/http';
import { useRevealed } from '../../components/useRevealed';
import type { ResourceFormComponent } from '../../engine/ResourceListPage';
import { ReferenceInput } from '../../engine/ReferenceInput';
import { todayIn } from '../productions/production-status';
import { FootprintDrawer } from './FootprintDrawer';
import { useFootprintRefresh } from './footprint-api';
import { createFootprint } from './footprint-api';
import { useDrawing } from './use-drawing';

const PICKERS: Record<'projectId' | 'typeId' | 'crewId', ResourceField> = {
  projectId: { name: 'projectId', label: 'Project', kind: 'reference', reference: { resource: 'projects', labelField: 'projectName' } },
  typeId: { name: 'typeId', label: 'Footprint type', kind: 'reference', reference: { resource: 'footprint-types', labelField: 'name' } },
  crewId: { name: 'crewId', label: 'Crew (optional)', kind: 'reference', reference: { resource: 'crews', labelField: 'name' } },
};

type Errors = Partial<Record<string, string>>;

/**
 * A new footprint: project, type, crew, day, notes, and the shape drawn on the map. Checked with
 * the API's own schema before it is sent; saved, it opens on its page for photos.
 */
export const FootprintCreateDialog: ResourceFormComponent = ({ onClose }) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const refresh = useFootprintRefresh();
  const { open: notify } = useNotification();
  const drawing = useDrawing({ kind: 'polygon', points: [] });
  const [refs, setRefs] = useState<Record<keyof typeof PICKERS, number | null>>({ projectId: null, typeId: null, crewId: null });
  const [date, setDate] = useState(todayIn());
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = useRevealed<HTMLDivElement>(failure);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setFailure(null);
    const parsed = createFootprintBody.safeParse({ ...refs, projectId: refs.projectId ?? undefined, typeId: refs.typeId ?? undefined, date, notes, kind: drawing.kind, points: drawing.points });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { data } = await createFootprint(parsed.data);
      await refresh();
      notify?.({ type: 'success', message: FOOTPRINT_SUCCESS.created });
      navigate(`/footprints/${data.id}/photos`);
    } catch (err) {
      const apiError = err as ApiError;
      setErrors(Object.fromEntries((apiError.details ?? []).map((d) => [d.field, d.message])));
      setFailure(apiError.message);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="footprint-create-title">
      <DialogTitle id="footprint-create-title">New Footprint</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && (
            <Alert ref={showFailure} severity="error">
              {failure}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['projectId', 'typeId'] as const).map((name) => (
              <ReferenceInput key={name} field={PICKERS[name]} value={refs[name]} onChange={(v) => setRefs((r) => ({ ...r, [name]: v }))} error={errors[name]} />
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ReferenceInput field={PICKERS.crewId} value={refs.crewId} onChange={(v) => setRefs((r) => ({ ...r, crewId: v }))} error={errors.crewId} />
            <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={!!errors.date} helperText={errors.date} slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <FootprintDrawer drawing={drawing} height={fullScreen ? 320 : 380} />
          {(errors.points || errors.kind) && <Alert severity="error">{errors.points ?? errors.kind}</Alert>}
          <TextField label="Notes" multiline minRows={2} value={notes} onChange={(e) => setNotes(e.target.value)} error={!!errors.notes} helperText={errors.notes} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
};
