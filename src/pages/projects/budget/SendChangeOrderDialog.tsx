import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { sendChangeOrderBody, type ChangeOrder } from '../../../../resources/budget';
import { decimalOrZero, sendChangeOrder, type BudgetPaths } from './budget-api';
import { amountPreview } from './BudgetItemDialog';

/** Sends a draft or sent-back change order for a decision, its unit price confirmed (spec 02 §7: send with a price). */
export function SendChangeOrderDialog({ paths, changeOrder, onClose }: { paths: BudgetPaths; changeOrder: ChangeOrder; onClose: (sent: boolean) => void }) {
  const { open: notify } = useNotification();
  const [price, setPrice] = useState(changeOrder.price);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const checked = sendChangeOrderBody.safeParse({ price: decimalOrZero(price) });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Check the price');
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await sendChangeOrder(paths, changeOrder.id, decimalOrZero(price));
      notify?.({ type: 'success', message: `Change order #${changeOrder.number} sent` });
      onClose(true);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth="xs" aria-labelledby="send-change-order-title">
      <form onSubmit={send} noValidate>
        <DialogTitle id="send-change-order-title">Send change order #{changeOrder.number}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {changeOrder.itemName}: {changeOrder.quantity} at the unit price below, for the deciding company to accept or send back.
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Unit price"
              value={price}
              onChange={(e) => {
                setPrice(e.target.value);
                setInvalid(null);
              }}
              error={!!invalid}
              helperText={invalid}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              autoFocus
              fullWidth
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              Amount: {amountPreview(String(changeOrder.quantity), price)}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
