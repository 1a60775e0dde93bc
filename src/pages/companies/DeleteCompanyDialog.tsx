import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { apiFetch } from '../../api/http';
import type { Company } from './CompanyDetails';

/** Asks before deleting; the server's refusal (live sub-companies: 409) is shown here. */
export function DeleteCompanyDialog({ company, onClose }: { company: Company; onClose: (deleted: boolean) => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setPending(true);
    setFailure(null);
    try {
      await apiFetch(`/companies/${company.id}`, { method: 'DELETE', quiet: true });
      onClose(true);
    } catch (err) {
      setFailure((err as Error).message);
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-company-title">
      <DialogTitle id="delete-company-title">Delete {company.name}?</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>
          Everyone loses access to “{company.name}”, its roles and its memberships. Its history is kept, but the company will no longer
          appear anywhere.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={pending}>
          Delete company
        </Button>
      </DialogActions>
    </Dialog>
  );
}
