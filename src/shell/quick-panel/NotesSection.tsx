import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import type { QuickNote } from '../../../resources/quick-panel';
import { createNote, deleteNote, updateNote } from './quick-panel-api';
import { NoteForm } from './NoteForm';

/** The user's notes: add, edit in place, delete. `editing` is 'new', a note's id, or null. */
export function NotesSection({ notes, onChange }: { notes: QuickNote[]; onChange: (notes: QuickNote[]) => void }) {
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setSaving(true);
    setError(null);
    try {
      await work();
      setEditing(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const edit = (to: 'new' | number | null) => {
    setError(null);
    setEditing(to);
  };

  return (
    <Box component="section" aria-labelledby="quick-notes-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 2 }}>
        <Typography id="quick-notes-heading" variant="overline" component="h3" sx={{ flex: 1 }}>
          Notes
        </Typography>
        <Button size="small" startIcon={<Add />} onClick={() => edit('new')} disabled={editing === 'new'}>
          Add note
        </Button>
      </Box>
      {editing === 'new' && (
        <NoteForm saving={saving} error={error} onCancel={() => edit(null)} onSave={(n) => void run(async () => onChange([await createNote(n), ...notes]))} />
      )}
      {notes.length === 0 && editing !== 'new' ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          No notes yet. Keep a reminder here.
        </Typography>
      ) : (
        <List dense aria-label="Notes">
          {notes.map((note) =>
            editing === note.id ? (
              <ListItem key={note.id} disablePadding sx={{ display: 'block' }}>
                <NoteForm
                  initial={note}
                  saving={saving}
                  error={error}
                  onCancel={() => edit(null)}
                  onSave={(n) => void run(async () => {
                    const saved = await updateNote(note.id, n);
                    onChange(notes.map((x) => (x.id === note.id ? saved : x)));
                  })}
                />
              </ListItem>
            ) : (
              <ListItem
                key={note.id}
                secondaryAction={
                  <>
                    <IconButton aria-label={`Edit note ${note.title}`} onClick={() => edit(note.id)} size="small" sx={{ width: 40, height: 40 }}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete note ${note.title}`}
                      size="small"
                      sx={{ width: 40, height: 40 }}
                      disabled={saving}
                      onClick={() => void run(async () => {
                        await deleteNote(note.id);
                        onChange(notes.filter((x) => x.id !== note.id));
                      })}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </>
                }
                sx={{ pr: 11 }}
              >
                <ListItemText primary={note.title} secondary={note.detail} slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }} />
              </ListItem>
            ),
          )}
        </List>
      )}
      {error && editing === null && (
        <Typography role="alert" variant="body2" color="error" sx={{ px: 2 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
