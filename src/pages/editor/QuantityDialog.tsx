import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { decimalQuantityInput, e3ToQuantity } from '../../../resources/money';
import { TAKEOFF_MESSAGES } from '../../../resources/plan-takeoff';

/** The quantity of a drawing, typed because the project requires it; the measured one is offered when there is one. */
export function QuantityDialog({ itemName, unit, measured, onSave, onClose }: {
  itemName: string;
  unit: string | null;
  measured: string | null;
  onSave: (quantity: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(measured ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = decimalQuantityInput.safeParse(value.trim());
    if (!value.trim() || !parsed.success) return setError(value.trim() ? parsed.error!.issues[0]!.message : TAKEOFF_MESSAGES.quantityRequired);
    onSave(e3ToQuantity(parsed.data));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="quantity-title" maxWidth="xs" fullWidth>
      <DialogTitle id="quantity-title">Quantity of {itemName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{TAKEOFF_MESSAGES.quantityRequired}</DialogContentText>
        <TextField
          label={unit ? `Quantity (${unit})` : 'Quantity'}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          autoFocus
          fullWidth
          error={!!error}
          helperText={error ?? (measured ? `Measured: ${measured}` : ' ')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
