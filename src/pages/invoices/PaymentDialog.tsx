import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS, PAYMENT_METHODS, type Invoice, type PaymentMethod } from '../../../resources/invoice';
import { centsToMoney, formatMoney, parseScaled } from '../../../resources/money';
import { invoicePaths, postInvoice } from './invoice-api';
import { cents, localToday, retainageHeld } from './invoice-money';

/** paid: the paid dialog (paid in full or partially paid); payment and release: a transaction. */
export type PaymentMode = 'paid' | 'payment' | 'release';

const TITLES: Record<PaymentMode, string> = { paid: 'Mark as paid', payment: 'Record payment', release: 'Release retainage' };

/**
 * Records money against an invoice. The paid dialog posts to /paid/paid (the balance, no amount sent)
 * or /paid/partially_paid with the amount; a payment or a retainage release posts a transaction. The
 * amount is checked exactly (cents on BigInt) against the balance or the retainage held before it is
 * sent; the server's refusal shows in the dialog, which stays open.
 */
export function PaymentDialog({ invoice, mode, onDone, onClose }: { invoice: Invoice; mode: PaymentMode; onDone: (message: string) => void; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const balance = cents(invoice.balance);
  const held = retainageHeld(invoice);
  const [kind, setKind] = useState<'paid' | 'partially_paid'>('paid');
  const [amount, setAmount] = useState(mode === 'release' ? centsToMoney(held) : '');
  const [paidOn, setPaidOn] = useState(localToday());
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = mode === 'paid' && kind === 'paid';

  const checkAmount = (): bigint | null | 'error' => {
    if (full) return null;
    const value = parseScaled(amount, 2);
    if (value === null || value <= 0n) return (setAmountError(INVOICE_BILLING_MESSAGES.amount), 'error');
    if (mode === 'release' && value > held) return (setAmountError(INVOICE_BILLING_MESSAGES.release), 'error');
    if (mode === 'payment' && value > balance) return (setAmountError(INVOICE_BILLING_MESSAGES.overpaid), 'error');
    if (mode === 'paid' && value >= balance) return (setAmountError(value === balance ? INVOICE_BILLING_MESSAGES.full : INVOICE_BILLING_MESSAGES.overpaid), 'error');
    return value;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = checkAmount();
    if (value === 'error') return;
    setAmountError(null);
    setFailure(null);
    setBusy(true);
    const paths = invoicePaths(invoice.id);
    const details = { paidOn: paidOn || null, method: mode === 'release' ? null : method || null, reference: reference.trim() || null, note: note.trim() || null };
    try {
      if (mode === 'paid') {
        await postInvoice(paths.paid(kind), { ...details, ...(value === null ? {} : { amount: centsToMoney(value) }) });
        onDone(kind === 'paid' ? INVOICE_SUCCESS.paid : INVOICE_SUCCESS.partiallyPaid);
      } else {
        const { data } = await postInvoice(paths.transaction, { kind: mode === 'release' ? 'retainage_release' : 'payment', amount: centsToMoney(value!), ...details });
        onDone(mode === 'release' ? 'Retainage released' : data?.status === 'paid' ? INVOICE_SUCCESS.paid : INVOICE_SUCCESS.partiallyPaid);
      }
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="payment-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="payment-dialog-title">{TITLES[mode]}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Invoice {invoice.number}: balance {formatMoney(invoice.balance)}
              {mode === 'release' ? `, retainage held ${formatMoney(centsToMoney(held))}` : ''}.
            </DialogContentText>
            {mode === 'paid' && (
              <RadioGroup
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as 'paid' | 'partially_paid');
                  setAmountError(null);
                }}
                aria-label="How much was paid"
              >
                <FormControlLabel value="paid" control={<Radio />} label={`Paid in full (${formatMoney(invoice.balance)})`} disabled={busy} />
                <FormControlLabel value="partially_paid" control={<Radio />} label="Partially paid" disabled={busy} />
              </RadioGroup>
            )}
            {!full && (
              <TextField
                label="Amount"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setAmountError(null);
                }}
                error={!!amountError}
                helperText={amountError}
                required
                autoFocus
                disabled={busy}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            )}
            <TextField
              label={mode === 'release' ? 'Released on' : 'Paid on'}
              type="date"
              value={paidOn}
              onChange={(e) => setPaidOn(e.target.value)}
              disabled={busy}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            {mode !== 'release' && (
              <TextField select label="Method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod | '')} disabled={busy} fullWidth>
                <MenuItem value="">
                  <em>Not said</em>
                </MenuItem>
                {PAYMENT_METHODS.map((m) => (
                  <MenuItem key={m.value} value={m.value}>
                    {m.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} disabled={busy} slotProps={{ htmlInput: { maxLength: 120 } }} helperText="Check or transfer number" fullWidth />
            <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} fullWidth />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {TITLES[mode]}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
