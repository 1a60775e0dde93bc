import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import type { ChangeOrder } from '../../../../resources/budget';
import { clientContactBody } from '../../../../resources/client-decision';
import { setChangeOrderContact, type BudgetPaths } from './budget-api';
import { ContactFields } from './ContactFields';

/** Changes the client contact a change order is mailed to; a sent one goes to it with "Send again". */
export function ChangeOrderContactDialog({ paths, changeOrder, onClose }: { paths: BudgetPaths; changeOrder: ChangeOrder; onClose: (changed: boolean) => void }) {
  const { open: notify } = useNotification();
  const [values, setValues] = useState({ email: changeOrder.contact?.email ?? '', name: changeOrder.contact?.name ?? '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const checked = clientContactBody.safeParse({ contactEmail: values.email, contactName: values.name });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Check the e-mail');
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await setChangeOrderContact(paths, changeOrder.id, checked.data);
      notify?.({ type: 'success', message: `Change order #${changeOrder.number} goes to ${checked.data.contactEmail}` });
      onClose(true);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth="sm" aria-labelledby="change-order-contact-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="change-order-contact-title">Client contact for change order #{changeOrder.number}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {changeOrder.status === 'sent'
                ? 'The change order is already sent: once changed, send it again so the new contact gets it; the link sent before then stops working.'
                : 'The contact gets the change order as a PDF and a link to accept it or send it back, without an account.'}
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <ContactFields
              values={values}
              error={invalid}
              autoFocus
              onChange={(v) => {
                setValues(v);
                setInvalid(null);
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save contact
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
