import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import type { ItemRow } from './ItemRows';

/** Asks before an item of a draft goes, since its photos go with it. */
export function RemoveItemDialog({ row: asked, onCancel, onRemove }: { row: ItemRow | null; onCancel: () => void; onRemove: (row: ItemRow) => void }) {
  // The row stays named while the dialog fades out.
  const [row, setRow] = useState(asked);
  if (asked && asked !== row) setRow(asked);
  return (
    <Dialog open={!!asked} onClose={onCancel} aria-labelledby="remove-item-title">
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
        <Button color="error" variant="contained" onClick={() => asked && onRemove(asked)} sx={{ minHeight: 48 }}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
