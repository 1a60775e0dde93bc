import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { sendChangeOrderBody, type ChangeOrder } from '../../../../resources/budget';
import { CLIENT_DECISION_MESSAGES, clientContactBody } from '../../../../resources/client-decision';
import { decimalOrZero, sendChangeOrder, setChangeOrderContact, type BudgetPaths } from './budget-api';
import { amountPreview } from './BudgetItemDialog';
import { ClientContactFields } from '../../../components/ClientContactFields';

/**
 * Sends a draft or sent-back change order for a decision, its unit price confirmed (spec 02 §7: send
 * with a price). When it goes to a client, the client contact it is mailed to is shown and may be
 * changed; it is required when nobody at the client can sign in.
 */
export function SendChangeOrderDialog({ paths, changeOrder, onClose }: { paths: BudgetPaths; changeOrder: ChangeOrder; onClose: (sent: boolean) => void }) {
  const { open: notify } = useNotification();
  const [price, setPrice] = useState(changeOrder.price);
  const mailsClient = changeOrder.moves.includes('changeContact');
  const [contact, setContact] = useState({ email: changeOrder.contact?.email ?? '', name: changeOrder.contact?.name ?? '' });
  const [invalid, setInvalid] = useState<{ price?: string; contact?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The contact as typed, when it must be stored before sending (changed, or typed where none was known); undefined when there is nothing to store. */
  const typedContact = () => {
    if (!mailsClient) return undefined;
    const email = contact.email.trim();
    if (!email) return changeOrder.contactRequired ? null : undefined;
    if (email === changeOrder.contact?.email && contact.name.trim() === (changeOrder.contact?.name ?? '')) return undefined;
    return clientContactBody.safeParse({ contactEmail: email, contactName: contact.name });
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const checked = sendChangeOrderBody.safeParse({ price: decimalOrZero(price) });
    const typed = typedContact();
    const contactError = typed === null ? CLIENT_DECISION_MESSAGES.noContact : typed && !typed.success ? (typed.error.issues[0]?.message ?? 'Check the e-mail') : undefined;
    if (!checked.success || contactError) {
      setInvalid({ price: checked.success ? undefined : (checked.error.issues[0]?.message ?? 'Check the price'), contact: contactError });
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      if (typed?.success) await setChangeOrderContact(paths, changeOrder.id, typed.data);
      const { data } = await sendChangeOrder(paths, changeOrder.id, decimalOrZero(price));
      const to = data.turn?.contactEmail;
      notify?.({ type: 'success', message: to ? `Change order #${changeOrder.number} sent to ${to}` : `Change order #${changeOrder.number} sent` });
      onClose(true);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth={mailsClient ? 'sm' : 'xs'} aria-labelledby="send-change-order-title">
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
                setInvalid((v) => ({ ...v, price: undefined }));
              }}
              error={!!invalid.price}
              helperText={invalid.price}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              autoFocus
              fullWidth
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              Amount: {amountPreview(String(changeOrder.quantity), price)}
            </Typography>
            {mailsClient && (
              <>
                <Typography variant="body2">
                  {changeOrder.contactRequired
                    ? 'Nobody at the client signs in to Fieldwork: the contact gets the change order as a PDF and a link to accept it or send it back, without an account.'
                    : 'The contact also gets the change order as a PDF and a link to decide without an account; the client’s people can decide signed in.'}
                </Typography>
                <ClientContactFields
                  values={contact}
                  error={invalid.contact}
                  onChange={(v) => {
                    setContact(v);
                    setInvalid((i) => ({ ...i, contact: undefined }));
                  }}
                />
              </>
            )}
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
