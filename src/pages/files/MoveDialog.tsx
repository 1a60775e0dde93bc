import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Breadcrumbs,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { FolderAnswer } from '../../../resources/files';
import { loadFolder } from './files-api';

/** Browses folders to pick where the selection goes; the folders being moved cannot be entered. */
export function MoveDialog({ startId, moving, onMove, onClose }: { startId: number; moving: Set<number>; onMove: (folderId: number) => void; onClose: () => void }) {
  const [at, setAt] = useState(startId);
  const [answer, setAnswer] = useState<FolderAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setAnswer(null);
    setFailed(false);
    loadFolder(at).then(
      (a) => live && setAnswer(a),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [at]);
  return (
    <Dialog open fullWidth maxWidth="xs" onClose={onClose} aria-labelledby="move-title">
      <DialogTitle id="move-title">Move to…</DialogTitle>
      <DialogContent>
        {answer && (
          <Breadcrumbs aria-label="Move to path" sx={{ mb: 1 }}>
            {answer.breadcrumbs.map((b, i) =>
              i === answer.breadcrumbs.length - 1 ? (
                <Typography key={b.id} color="text.primary">
                  {b.name}
                </Typography>
              ) : (
                <Link key={b.id} component="button" onClick={() => setAt(b.id)}>
                  {b.name}
                </Link>
              ),
            )}
          </Breadcrumbs>
        )}
        {failed && <Alert severity="error">The folder could not be loaded.</Alert>}
        {!answer && !failed && <CircularProgress size={24} />}
        {answer && (
          <List dense>
            {answer.folders.filter((f) => !moving.has(f.id)).map((f) => (
              <ListItemButton key={f.id} onClick={() => setAt(f.id)}>
                <ListItemIcon>
                  <FolderIcon color="primary" />
                </ListItemIcon>
                <ListItemText primary={f.name} />
              </ListItemButton>
            ))}
            {answer.folders.length === 0 && <Typography color="text.secondary">No sub-folders</Typography>}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!answer || !answer.folder.canManage} onClick={() => onMove(at)}>
          Move here
        </Button>
      </DialogActions>
    </Dialog>
  );
}
