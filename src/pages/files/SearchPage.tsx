import { Alert, Box, CircularProgress, Link, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { FileView, FolderView } from '../../../resources/files';
import { formatSize, loadFolder, nodeKey, previewPath, search, type Node } from './files-api';
import { FileSearchBox } from './FilesToolbar';
import { NodeIcon, nodeTypeLabel } from './NodeViews';

type Results = { nodes: Node[]; paths: Map<number, string> };

/** Where each result lives: the path of the folders holding them, one request per distinct folder. */
async function folderPaths(ids: number[]): Promise<Map<number, string>> {
  const answers = await Promise.all(ids.map((id) => loadFolder(id).catch(() => null)));
  return new Map(answers.flatMap((a) => (a ? [[a.folder.id, a.breadcrumbs.map((b) => b.name).join(' / ')] as [number, string]] : [])));
}

export function SearchPage() {
  const [params] = useSearchParams();
  const substring = params.get('substring')?.trim() ?? '';
  const navigate = useNavigate();
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setResults(null);
    setError(null);
    if (!substring) return;
    search(substring)
      .then(async ({ files, folders }) => {
        const nodes: Node[] = [...folders.map((item: FolderView): Node => ({ kind: 'folder', item })), ...files.map((item: FileView): Node => ({ kind: 'file', item }))];
        const holders = [...new Set(nodes.map((n) => (n.kind === 'folder' ? n.item.parentId : n.item.folderId)).filter((id): id is number => id !== null))];
        const paths = await folderPaths(holders);
        if (live) setResults({ nodes, paths });
      })
      .catch((err: Error) => live && setError(err.message));
    return () => {
      live = false;
    };
  }, [substring]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="h5" component="h1">
          {substring ? `Search: “${substring}”` : 'Search files'}
        </Typography>
        <FileSearchBox key={substring} initial={substring} />
      </Stack>
      <Link component={RouterLink} to="/files">
        Back to files
      </Link>
      {error && <Alert severity="error">{error}</Alert>}
      {substring && !results && !error && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Searching" />
        </Box>
      )}
      {results && results.nodes.length === 0 && <Typography color="text.secondary">Nothing found for “{substring}”.</Typography>}
      {results && results.nodes.length > 0 && (
        <List aria-label="Search results">
          {results.nodes.map((n) => {
            const holder = n.kind === 'folder' ? n.item.parentId : n.item.folderId;
            const where = holder === null ? 'Top level' : `In ${results.paths.get(holder) ?? 'a folder'}`;
            return (
              <ListItemButton
                key={nodeKey(n)}
                onClick={() => navigate(n.kind === 'folder' ? `/files/${n.item.id}` : previewPath(n.item, null))}
                divider
              >
                <ListItemIcon>
                  <NodeIcon node={n} />
                </ListItemIcon>
                <ListItemText
                  primary={n.item.name}
                  secondary={
                    <>
                      {nodeTypeLabel(n)}
                      {n.kind === 'file' ? ` · ${formatSize(n.item.length)}` : ''} ·{' '}
                      {holder === null ? (
                        where
                      ) : (
                        <Link component={RouterLink} to={`/files/${holder}`} onClick={(e) => e.stopPropagation()}>
                          {where}
                        </Link>
                      )}
                    </>
                  }
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
