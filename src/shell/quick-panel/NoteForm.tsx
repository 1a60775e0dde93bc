import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';

interface Props {
  initial?: { title: string; detail: string | null };
  saving: boolean;
  error: string | null;
  onSave: (note: { title: string; detail: string }) => void;
  onCancel: () => void;
}

/** A note's title and detail, inline in the panel; Escape cancels without closing the panel. */
export function NoteForm({ initial, saving, error, onSave, onCancel }: Props) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [detail, setDetail] = useState(initial?.detail ?? '');
  const [touched, setTouched] = useState(false);
  const missing = !title.trim();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!missing) onSave({ title: title.trim(), detail: detail.trim() });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 2, py: 1 }}
    >
      <TextField
        size="small"
        label="Title"
        value={title}
        autoFocus
        required
        onChange={(e) => setTitle(e.target.value)}
        error={touched && missing}
        helperText={touched && missing ? 'A note needs a title' : undefined}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField size="small" label="Detail" value={detail} multiline minRows={2} maxRows={6} onChange={(e) => setDetail(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      {error && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
          {error}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
