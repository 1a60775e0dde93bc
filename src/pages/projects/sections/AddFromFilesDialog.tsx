import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { FileView, FolderAnswer, FolderView } from '../../../../resources/files';
import { PROJECT_SUCCESS, type ProjectFile, type ProjectFileType } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { FILES_PAGE, formatSize, loadFiles, loadFolder, search } from '../../files/files-api';
import { NodeIcon } from '../../files/NodeViews';

const SEARCH_DELAY_MS = 300;

type Listing = { kind: 'folder'; answer: FolderAnswer; files: FileView[]; total: number } | { kind: 'search'; text: string; folders: FolderView[]; files: FileView[] };

/** The open folder (its sub-folders and first page of files), or what a search found; reloaded as the place changes. */
function useListing(folderId: number | undefined, text: string) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setListing(null);
    setFailure(null);
    const load: Promise<Listing> = text
      ? search(text).then(({ folders, files }) => ({ kind: 'search', text, folders, files }))
      : loadFolder(folderId).then(async (answer) => ({ kind: 'folder', answer, ...(await loadFiles(answer.folder.id, FILES_PAGE)) }));
    load.then(
      (l) => live && setListing(l),
      (err: Error) => live && setFailure(err.message),
    );
    return () => {
      live = false;
    };
  }, [folderId, text]);
  return { listing, failure };
}

/**
 * The spec's "file select" dialog: browses the company's file manager (folders, breadcrumbs, search,
 * as the caller may see them) to pick files, possibly from several folders, and adds copies of them
 * to the project as files of one type (POST /projects/{id}/files/{type}/existing): "File Added".
 */
export function AddFromFilesDialog({ projectId, type, label, onAdded, onClose }: { projectId: number; type: ProjectFileType; label: string; onAdded: () => void; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [folderId, setFolderId] = useState<number | undefined>(undefined);
  const [input, setInput] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { listing, failure } = useListing(folderId, text);
  const [chosen, setChosen] = useState<Map<number, FileView>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (file: FileView) =>
    setChosen((all) => {
      const next = new Map(all);
      if (!next.delete(file.id)) next.set(file.id, file);
      return next;
    });
  const open = (id: number) => {
    setInput('');
    setText('');
    setFolderId(id);
  };

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch<{ files: ProjectFile[] }>(`/projects/${projectId}/files/${type}/existing`, { method: 'POST', body: { fileIds: [...chosen.keys()] }, quiet: true });
      notify?.({ type: 'success', message: PROJECT_SUCCESS.fileAdded, key: `project-files-added-${type}` });
      onAdded();
      onClose();
    } catch (err) {
      setError((err as ApiError).message);
      setBusy(false);
    }
  };

  const folders = listing ? (listing.kind === 'folder' ? listing.answer.folders : listing.folders) : [];
  const files = listing?.files ?? [];
  const titleId = `add-from-files-${type}-title`;

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add {label.toLowerCase()} files</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <DialogContentText variant="body2">Pick files of the file manager: copies of them go into the project's folder, and the files you pick stay where they are.</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          type="search"
          size="small"
          label="Search files and folders"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {listing?.kind === 'folder' && (
          <Breadcrumbs aria-label="Folder path" maxItems={fullScreen ? 3 : 6} sx={{ '& li': { minWidth: 0 } }}>
            {listing.answer.breadcrumbs.map((b, i) =>
              i === listing.answer.breadcrumbs.length - 1 ? (
                <Typography key={b.id} color="text.primary" sx={{ overflowWrap: 'anywhere' }}>
                  {b.name}
                </Typography>
              ) : (
                <Link key={b.id} component="button" type="button" onClick={() => open(b.id)} sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                  {b.name}
                </Link>
              ),
            )}
          </Breadcrumbs>
        )}
        {listing?.kind === 'search' && <Typography variant="body2">Found for “{listing.text}”</Typography>}
        {failure && <Alert severity="error">{failure}</Alert>}
        {!listing && !failure && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading files" />
          </Box>
        )}
        {listing && (
          <Box sx={{ maxHeight: fullScreen ? 'none' : 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, '& .MuiListItemButton-root:last-of-type': { borderBottom: 0 } }}>
            {folders.length === 0 && files.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {listing.kind === 'search' ? `Nothing found for “${listing.text}”.` : 'This folder is empty.'}
              </Typography>
            ) : (
              <List dense disablePadding aria-label="Folders and files">
                {folders.map((f) => (
                  <ListItemButton key={`folder-${f.id}`} onClick={() => open(f.id)} divider>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <FolderIcon color="primary" />
                    </ListItemIcon>
                    <ListItemText
                      primary={f.name}
                      secondary={listing.kind === 'search' && f.parentName ? `In ${f.parentName}` : undefined}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                ))}
                {files.map((f) => {
                  const checked = chosen.has(f.id);
                  const labelId = `pick-file-${type}-${f.id}`;
                  return (
                    <ListItemButton key={`file-${f.id}`} onClick={() => toggle(f)} selected={checked} divider>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple size="small" slotProps={{ input: { 'aria-labelledby': labelId } }} />
                      </ListItemIcon>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <NodeIcon node={{ kind: 'file', item: f }} fontSize="small" />
                      </ListItemIcon>
                      <ListItemText
                        id={labelId}
                        primary={f.name}
                        secondary={[formatSize(f.length), listing.kind === 'search' && f.folderName ? `In ${f.folderName}` : null].filter(Boolean).join(' · ')}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItemButton>
                  );
                })}
              </List>
            )}
            {listing.kind === 'folder' && listing.total > listing.files.length && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
                The first {listing.files.length} of {listing.total} files, by name; search to find the others.
              </Typography>
            )}
          </Box>
        )}
        {chosen.size > 0 && (
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary">
              {chosen.size === 1 ? '1 file chosen' : `${chosen.size} files chosen`}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Chosen files" role="list">
              {[...chosen.values()].map((f) => (
                <Chip key={f.id} role="listitem" size="small" label={f.name} onDelete={() => toggle(f)} sx={{ maxWidth: '100%' }} />
              ))}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={add} disabled={busy || chosen.size === 0}>
          {chosen.size > 1 ? `Add ${chosen.size} files` : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
