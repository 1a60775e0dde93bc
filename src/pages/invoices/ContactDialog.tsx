import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { clientContactBody } from '../../../resources/client-decision';
import type { Invoice } from '../../../resources/invoice';
import { apiFetch } from '../../api/http';
import { invoicePaths } from './invoice-api';

/**
 * Who the invoice is mailed to (the client's contact): changeable before sending, and on a sent one
 * for the next time it is sent again. With `andSend` it is the step before sending an invoice whose
 * client has nobody who can sign in: saved, then sent.
 */
export function ContactDialog({ invoice, andSend = false, onDone, onClose }: { invoice: Invoice; andSend?: boolean; onDone: () => Promise<void>; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [email, setEmail] = useState(invoice.contact?.email ?? '');
  const [name, setName] = useState(invoice.contact?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paths = invoicePaths(invoice.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = clientContactBody.safeParse({ contactEmail: email, contactName: name });
    if (!parsed.success) return setError(parsed.error.issues.find((i) => i.path[0] === 'contactEmail')?.message ?? parsed.error.issues[0]!.message);
    setBusy(true);
    setFailure(null);
    try {
      await apiFetch(paths.contact, { method: 'PATCH', body: { contactEmail: email.trim(), contactName: name.trim() || null }, quiet: true });
      if (andSend) await apiFetch(paths.send, { method: 'PATCH', quiet: true });
      await onDone();
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  const sent = invoice.status === 'submit';
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="contact-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="contact-dialog-title">{andSend ? 'Who receives this invoice?' : 'Client contact'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {andSend
                ? `Nobody at ${invoice.clientName ?? 'the client'} can sign in: the invoice is mailed to this person with a link to approve or reject it.`
                : sent
                  ? 'The invoice goes to this address the next time you send it again.'
                  : 'The invoice is mailed to this person when you send it, with a link to approve or reject it.'}
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="E-mail"
              type="email"
              value={email}
              onChange={(e) => (setEmail(e.target.value), setError(null))}
              required
              autoFocus
              disabled={busy}
              error={!!error}
              helperText={error}
              fullWidth
            />
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} slotProps={{ htmlInput: { maxLength: 200 } }} fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {andSend ? 'Save and send' : 'Save contact'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
