import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ItemRow } from './ItemRows';

/** Asks before an item of a draft goes, since its photos go with it. */
export function RemoveItemDialog({ row, onCancel, onRemove }: { row: ItemRow | null; onCancel: () => void; onRemove: (row: ItemRow) => void }) {
  return (
    <Dialog open={!!row} onClose={onCancel} aria-labelledby="remove-item-title">
      <DialogTitle id="remove-item-title">Remove {row?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {row?.quantity} {row?.unit ?? ''} of {row?.name} leave this production
          {row && row.serverPhotos.length > 0 ? `, with ${row.serverPhotos.length === 1 ? 'its photo' : `its ${row.serverPhotos.length} photos`}` : ''}.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} sx={{ minHeight: 48 }}>
          Keep it
        </Button>
        <Button color="error" variant="contained" onClick={() => row && onRemove(row)} sx={{ minHeight: 48 }}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
