import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FILE_MESSAGES, nodeName, type FileView, type FolderAnswer } from '../../../resources/files';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useSession } from '../../session/useSession';
import { createFolder, deleteNode, FILES_PAGE, loadFiles, loadFolder, moveNode, nodeKey, previewPath, renameNode, useMaxUploadMb, type Node } from './files-api';
import { FilesToolbar, FolderBreadcrumbs, type ViewMode } from './FilesToolbar';
import { MoveDialog } from './MoveDialog';
import { NodeMenu, type NodeAction } from './NodeMenu';
import { NodeGrid, NodeTable, type NodeHandlers } from './NodeViews';
import { PermissionDialog } from './PermissionDialog';
import { UploadPanel } from './UploadPanel';
import { useUploads } from './useUploads';

const DRAG_TYPE = 'application/x-fieldwork-nodes';
const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
const hasNodes = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(DRAG_TYPE);

function useViewMode(userId: number | undefined): [ViewMode, (v: ViewMode) => void] {
  const key = `fieldwork.files.view.${userId ?? 'anonymous'}`;
  const [view, setView] = useState<ViewMode>(() => (localStorage.getItem(key) === 'list' ? 'list' : 'grid'));
  useEffect(() => setView(localStorage.getItem(key) === 'list' ? 'list' : 'grid'), [key]);
  return [
    view,
    (v) => {
      localStorage.setItem(key, v);
      setView(v);
    },
  ];
}

type Loaded = { answer: FolderAnswer; files: FileView[]; total: number };

export function FolderPage() {
  const { folderId } = useParams();
  const navigate = useNavigate();
  const { user, activeMembership } = useSession();
  const { open: notify } = useNotification();
  const [view, setView] = useViewMode(user?.id);
  const maxMb = useMaxUploadMb();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(FILES_PAGE);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string>();
  const [menu, setMenu] = useState<{ node: Node; anchor: HTMLElement } | null>(null);
  const [deleting, setDeleting] = useState<Node[] | null>(null);
  const [moving, setMoving] = useState<Node[] | null>(null);
  const [permissions, setPermissions] = useState<Node | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loadSeq = useRef(0);

  const reload = useCallback(async () => {
    const seq = ++loadSeq.current;
    try {
      const answer = await loadFolder(folderId ? Number(folderId) : undefined);
      const { files, total } = await loadFiles(answer.folder.id, shown);
      if (seq === loadSeq.current) {
        setLoaded({ answer, files, total });
        setError(null);
      }
    } catch (err) {
      if (seq === loadSeq.current) setError((err as Error).message);
    }
  }, [folderId, shown]);

  useEffect(() => {
    setLoaded(null);
    setError(null);
    setSelected(new Set());
    setRenaming(null);
  }, [folderId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const current = loaded?.answer.folder;
  const { entries, upload, dismiss } = useUploads(
    maxMb,
    useCallback((into: number) => current?.id === into && void reload(), [current?.id, reload]),
  );

  const nodes: Node[] = useMemo(
    () =>
      loaded
        ? [...loaded.answer.folders.map((item): Node => ({ kind: 'folder', item })), ...loaded.files.map((item): Node => ({ kind: 'file', item }))]
        : [],
    [loaded],
  );
  const byKey = useMemo(() => new Map(nodes.map((n) => [nodeKey(n), n])), [nodes]);
  /** The node acted on, or the whole selection when the node is part of it. */
  const targets = (node: Node) => (selected.has(nodeKey(node)) ? nodes.filter((n) => selected.has(nodeKey(n))) : [node]);

  const open = (node: Node) =>
    node.kind === 'folder' ? navigate(`/files/${node.item.id}`) : navigate(previewPath(node.item, current?.projectId ?? null));

  const toggle = (node: Node) =>
    setSelected((s) => {
      const next = new Set(s);
      const key = nodeKey(node);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const newFolder = async () => {
    if (!current) return;
    const folder = await createFolder(current.id);
    notify?.({ type: 'success', message: FILE_MESSAGES.folderAdded });
    await reload();
    setRenameError(undefined);
    setRenaming(`folder:${folder.id}`);
  };

  const rename = async (node: Node, name: string) => {
    const parsed = nodeName.safeParse(name);
    if (!parsed.success) return setRenameError(parsed.error.issues[0]?.message);
    try {
      await renameNode(node, parsed.data);
      setRenaming(null);
      setRenameError(undefined);
      notify?.({ type: 'success', message: node.kind === 'folder' ? FILE_MESSAGES.folderUpdated : FILE_MESSAGES.fileRenamed });
      await reload();
    } catch (err) {
      setRenameError((err as Error).message);
    }
  };

  const moveAll = async (list: Node[], folderId: number) => {
    const movable = list.filter((n) => !(n.kind === 'folder' && n.item.id === folderId) && (n.kind === 'folder' ? n.item.parentId : n.item.folderId) !== folderId);
    setMoving(null);
    if (!movable.length) return;
    try {
      for (const n of movable) await moveNode(n, folderId);
    } finally {
      if (movable.some((n) => n.kind === 'folder')) notify?.({ type: 'success', message: FILE_MESSAGES.folderUpdated, key: 'files-moved-folders' });
      if (movable.some((n) => n.kind === 'file')) notify?.({ type: 'success', message: FILE_MESSAGES.fileUpdated, key: 'files-moved-files' });
      setSelected(new Set());
      await reload();
    }
  };

  const deleteAll = async (list: Node[]) => {
    try {
      for (const n of list) await deleteNode(n);
    } finally {
      if (list.some((n) => n.kind === 'folder')) notify?.({ type: 'success', message: FILE_MESSAGES.folderDeleted, key: 'files-deleted-folders' });
      if (list.some((n) => n.kind === 'file')) notify?.({ type: 'success', message: FILE_MESSAGES.fileDeleted, key: 'files-deleted-files' });
      setSelected(new Set());
      await reload();
    }
  };

  const act = (action: NodeAction, node: Node) => {
    if (action === 'open') open(node);
    if (action === 'rename') {
      setRenameError(undefined);
      setRenaming(nodeKey(node));
    }
    if (action === 'move') setMoving(targets(node));
    if (action === 'delete') setDeleting(targets(node));
    if (action === 'permissions') setPermissions(node);
    if (action === 'edit') navigate(`/image-editor/${node.item.id}`);
    if (action === 'download' && node.kind === 'file') {
      const a = document.createElement('a');
      a.href = node.item.downloadUrl;
      a.download = node.item.name;
      a.click();
    }
  };

  const dropNodes = (e: DragEvent, folderId: number) => {
    const keys: string[] = JSON.parse(e.dataTransfer.getData(DRAG_TYPE) || '[]');
    void moveAll(keys.map((k) => byKey.get(k)).filter((n): n is Node => !!n && n.item.canManage), folderId);
  };

  const handlers: NodeHandlers = {
    selected,
    renaming,
    renameError,
    dropTarget,
    onClick: (node: Node, e: MouseEvent) => {
      if (e.ctrlKey || e.metaKey || selected.size > 0) toggle(node);
      else open(node);
    },
    onToggle: toggle,
    onOpen: open,
    onKey: (node: Node, e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter') open(node);
      else if (e.key === ' ') toggle(node);
      else if ((e.key === 'Delete' || e.key === 'Backspace') && node.item.canManage) act('delete', node);
      else if (e.key === 'F2' && node.item.canManage) act('rename', node);
      else return;
      e.preventDefault();
    },
    onMenu: (node, anchor) => setMenu({ node, anchor }),
    onRename: rename,
    onRenameCancel: () => {
      setRenaming(null);
      setRenameError(undefined);
    },
    onDragStart: (node, e) => {
      const keys = selected.has(nodeKey(node)) ? [...selected] : [nodeKey(node)];
      e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(keys));
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (node, e) => {
      if (!node.item.canManage || !(hasFiles(e) || hasNodes(e))) return;
      e.preventDefault();
      e.stopPropagation();
      setDropTarget(nodeKey(node));
    },
    onDragLeave: () => setDropTarget(null),
    onDrop: (node, e) => {
      e.preventDefault();
      e.stopPropagation();
      setDropTarget(null);
      if (e.dataTransfer.files.length) void upload(node.item.id, Array.from(e.dataTransfer.files));
      else if (hasNodes(e)) dropNodes(e, node.item.id);
    },
  };

  if (error && !loaded) {
    return (
      <Alert severity="error" action={<Button onClick={() => void reload()}>Try again</Button>}>
        The folder could not be loaded: {error}
      </Alert>
    );
  }
  if (!loaded || !current) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading folder" />
      </Box>
    );
  }

  const selection = nodes.filter((n) => selected.has(nodeKey(n)));
  return (
    <Stack
      spacing={2}
      sx={{ position: 'relative', minHeight: 300 }}
      onDragOver={(e: DragEvent) => {
        if (!current.canManage || !hasFiles(e)) return;
        e.preventDefault();
        if (dropTarget !== 'here') setDropTarget('here');
      }}
      onDragLeave={(e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as globalThis.Node | null)) setDropTarget(null);
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setDropTarget(null);
        if (current.canManage && e.dataTransfer.files.length) void upload(current.id, Array.from(e.dataTransfer.files));
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ xs: 'stretch', md: 'center' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <FolderBreadcrumbs
          crumbs={loaded.answer.breadcrumbs}
          dropTarget={dropTarget}
          onDragOver={(id, e) => {
            if (!hasNodes(e)) return;
            e.preventDefault();
            setDropTarget(`crumb:${id}`);
          }}
          onDragLeave={() => setDropTarget(null)}
          onDrop={(id, e) => {
            e.preventDefault();
            e.stopPropagation();
            setDropTarget(null);
            if (hasNodes(e)) dropNodes(e, id);
          }}
          />
        </Box>
        <FilesToolbar canManage={current.canManage} view={view} onView={setView} onNewFolder={() => void newFolder()} onUpload={() => fileInput.current?.click()} />
      </Stack>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (chosen.length) void upload(current.id, chosen);
        }}
      />
      {selection.length > 0 && (
        <Paper variant="outlined" sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} role="toolbar" aria-label="Selection">
          <Typography sx={{ flex: 1 }}>{selection.length} selected</Typography>
          {selection.every((n) => n.item.canManage) && (
            <>
              <Button onClick={() => setMoving(selection)}>Move to…</Button>
              <Button color="error" onClick={() => setDeleting(selection)}>
                Delete
              </Button>
            </>
          )}
          <Button onClick={() => setSelected(new Set())}>Clear</Button>
        </Paper>
      )}
      <UploadPanel entries={entries} onDismiss={dismiss} />
      {error && <Alert severity="error">{error}</Alert>}
      {nodes.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', borderStyle: 'dashed' }}>
          <CloudUploadIcon color="action" sx={{ fontSize: 48 }} />
          <Typography variant="h6">This folder is empty</Typography>
          {current.canManage && <Typography color="text.secondary">Drop files here to upload them, or use Upload.</Typography>}
        </Paper>
      ) : view === 'grid' ? (
        <NodeGrid nodes={nodes} h={handlers} />
      ) : (
        <NodeTable nodes={nodes} h={handlers} />
      )}
      {loaded.files.length < loaded.total && (
        <Button onClick={() => setShown((n) => n + FILES_PAGE)} sx={{ alignSelf: 'center' }}>
          Show more files ({loaded.files.length} of {loaded.total})
        </Button>
      )}
      {dropTarget === 'here' && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            border: '3px dashed',
            borderColor: 'primary.main',
            bgcolor: 'rgba(25, 118, 210, 0.08)',
            borderRadius: 2,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h6" color="primary">
            Drop to upload to “{current.name}”
          </Typography>
        </Box>
      )}
      {menu && <NodeMenu node={menu.node} anchor={menu.anchor} onAction={act} onClose={() => setMenu(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          wording={{
            title: deleting.length === 1 ? `Delete ${deleting[0].kind}?` : `Delete ${deleting.length} items?`,
            text:
              deleting.length === 1
                ? `“${deleting[0].item.name}” will be deleted${deleting[0].kind === 'folder' ? ' with everything in it' : ''}. This cannot be undone.`
                : `${deleting.length} items will be deleted, folders with everything in them. This cannot be undone.`,
            confirm: 'Delete',
          }}
          onConfirm={() => deleteAll(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      {moving && (
        <MoveDialog
          startId={current.id}
          moving={new Set(moving.filter((n) => n.kind === 'folder').map((n) => n.item.id))}
          onMove={(to) => void moveAll(moving, to)}
          onClose={() => setMoving(null)}
        />
      )}
      {permissions && activeMembership && (
        <PermissionDialog
          node={permissions}
          companyId={activeMembership.companyId}
          onClose={(changed) => {
            setPermissions(null);
            if (changed) void reload();
          }}
        />
      )}
    </Stack>
  );
}
