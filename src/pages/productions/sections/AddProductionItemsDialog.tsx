import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { PRODUCTION_SUCCESS, type Production } from '../../../../resources/production';
import type { ApiError } from '../../../api/http';
import { useRevealed } from '../../../components/useRevealed';
import { BudgetItemQuantities, checkPicked, pickedBody, type PickedItems } from '../BudgetItemQuantities';
import { addItems, useProductionRefresh } from '../production-api';

/** Add items (spec 02 §2 dialog): budget items of the production's project with their quantities, in one POST /production/{id}/items. */
export function AddProductionItemsDialog({ production, onClose }: { production: Production; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const refresh = useProductionRefresh();
  const [picked, setPicked] = useState<PickedItems>(new Map());
  const [errors, setErrors] = useState<ReturnType<typeof checkPicked>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = useRevealed<HTMLDivElement>(failure);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (picked.size === 0) return setFailure('Pick at least one item');
    const rowErrors = checkPicked(picked);
    setErrors(rowErrors);
    if (rowErrors.size) return;
    setSaving(true);
    try {
      await addItems(production.id, pickedBody(picked));
      await refresh();
      notify?.({ type: 'success', message: PRODUCTION_SUCCESS.saved });
      onClose();
    } catch (err) {
      setFailure((err as ApiError).message);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => !saving && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="add-production-items-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="add-production-items-title">Add items</DialogTitle>
        <DialogContent dividers>
          {failure && (
            <Alert ref={showFailure} severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>Items of the budget of {production.projectCode}, with the quantity produced and the photos asked for each.</DialogContentText>
          <BudgetItemQuantities projectId={production.projectId} picked={picked} onChange={setPicked} errors={errors} disabled={saving} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Adding…' : picked.size > 1 ? `Add ${picked.size} items` : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
