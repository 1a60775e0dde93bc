import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { SCALE_UNITS, sheetScaleBody, type ScaleUnit } from '../../../resources/plan-takeoff';

/**
 * The known distance of the reference line just drawn. The answer (or the server's refusal) is the
 * caller's: `onSave` resolves to an error message or null.
 */
export function CalibrateDialog({ points, onSave, onClose }: { points: string; onSave: (distance: string, unit: ScaleUnit) => Promise<string | null>; onClose: () => void }) {
  const [distance, setDistance] = useState('');
  const [unit, setUnit] = useState<ScaleUnit>('ft');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = sheetScaleBody.shape.distance.safeParse(distance);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    const failure = await onSave(parsed.data!, unit);
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="calibrate-title" maxWidth="xs" fullWidth>
      <DialogTitle id="calibrate-title">Calibrate the sheet</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          The line you drew is {Number(points).toFixed(2)} pt long on the sheet. How long is it on site?
        </Alert>
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="Known distance"
            value={distance}
            onChange={(e) => {
              setDistance(e.target.value);
              setError(null);
            }}
            autoFocus
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
            fullWidth
          />
          <TextField select label="Unit" value={unit} onChange={(e) => setUnit(e.target.value as ScaleUnit)} sx={{ minWidth: 96 }}>
            {SCALE_UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {u}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Save scale
        </Button>
      </DialogActions>
    </Dialog>
  );
}
