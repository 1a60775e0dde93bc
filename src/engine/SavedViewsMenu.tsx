import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useState } from 'react';
import type { ApiError } from '../api/http';
import { useSession } from '../session/useSession';
import { createView, deleteView, rememberView, updateView, type GridViewState, type SavedView } from './saved-views';

interface Props {
  /** The grid the views belong to (the resource name). */
  type: string;
  current: GridViewState;
  activeId: number | null;
  onApply: (view: SavedView | null) => void;
}

/** Save the grid's filters, sort and columns as a named view; switch, update and delete views. */
export function SavedViewsMenu({ type, current, activeId, onApply }: Props) {
  const { user } = useSession();
  const refreshSession = useInvalidateAuthStore();
  const { open: notify } = useNotification();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const views = (user?.views ?? []).filter((v) => v.type === type) as SavedView[];
  const active = views.find((v) => v.id === activeId) ?? null;

  const run = async (work: () => Promise<unknown>, message: string) => {
    setAnchor(null);
    try {
      await work();
      await refreshSession();
      notify?.({ type: 'success', message });
      return true;
    } catch (err) {
      notify?.({ type: 'error', message: (err as ApiError).message });
      return false;
    }
  };

  const saveAs = async () => {
    setError(null);
    try {
      const { data } = await createView(type, name, current);
      await refreshSession();
      rememberView(type, data.id);
      onApply(data);
      setNaming(false);
      setName('');
      notify?.({ type: 'success', message: 'View saved' });
    } catch (err) {
      setError((err as ApiError).message);
    }
  };

  return (
    <>
      <Button startIcon={<ViewListOutlined />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {active ? active.name : 'All rows'}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          selected={!active}
          onClick={() => {
            setAnchor(null);
            rememberView(type, null);
            onApply(null);
          }}
        >
          All rows
        </MenuItem>
        {views.map((v) => (
          <MenuItem
            key={v.id}
            selected={v.id === activeId}
            onClick={() => {
              setAnchor(null);
              rememberView(type, v.id);
              onApply(v);
            }}
          >
            {v.name}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => (setAnchor(null), setNaming(true))}>
          <ListItemText>Save current view as…</ListItemText>
        </MenuItem>
        {active && (
          <MenuItem onClick={() => void run(() => updateView(active.id, { filters: current }), 'View updated')}>
            <ListItemText>Update “{active.name}”</ListItemText>
          </MenuItem>
        )}
        {active && (
          <MenuItem
            onClick={() =>
              void run(() => deleteView(active.id), 'View deleted').then((ok) => {
                if (!ok) return;
                rememberView(type, null);
                onApply(null);
              })
            }
          >
            <ListItemText>Delete “{active.name}”</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} fullWidth maxWidth="xs">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void saveAs();
          }}
        >
          <DialogTitle>Save view</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              label="View name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!error}
              helperText={error ?? 'Keeps the filters, sort and visible columns'}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
