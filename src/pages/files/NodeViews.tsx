import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import MovieIcon from '@mui/icons-material/Movie';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableChartIcon from '@mui/icons-material/TableChart';
import ImageIcon from '@mui/icons-material/Image';
import { Box, Card, Checkbox, IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import type { FileView } from '../../../resources/files';
import { fileKind, formatSize, KIND_LABELS, nodeKey, type FileKind, type Node } from './files-api';

const PdfThumbnail = lazy(() => import('./pdf').then((m) => ({ default: m.PdfThumbnail })));

const KIND_ICONS: Record<FileKind, typeof InsertDriveFileIcon> = {
  image: ImageIcon,
  pdf: PictureAsPdfIcon,
  video: MovieIcon,
  audio: AudioFileIcon,
  sheet: TableChartIcon,
  doc: DescriptionIcon,
  archive: FolderZipIcon,
  other: InsertDriveFileIcon,
};

export function NodeIcon({ node, fontSize = 'medium' }: { node: Node; fontSize?: 'small' | 'medium' | 'large' }) {
  if (node.kind === 'folder') return <FolderIcon color="primary" fontSize={fontSize} />;
  const Icon = KIND_ICONS[fileKind(node.item.contentType)];
  return <Icon color="action" fontSize={fontSize} />;
}

export const nodeTypeLabel = (node: Node) => (node.kind === 'folder' ? 'Folder' : KIND_LABELS[fileKind(node.item.contentType)]);

/** True once the element has come near the viewport; never where IntersectionObserver is missing. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

const THUMB_HEIGHT = 120;

function Thumbnail({ node }: { node: Node }) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const kind = node.kind === 'file' ? fileKind(node.item.contentType) : null;
  let content: ReactElement = <NodeIcon node={node} fontSize="large" />;
  if (node.kind === 'file' && kind === 'image') {
    content = <Box component="img" src={node.item.url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />;
  } else if (node.kind === 'file' && kind === 'pdf' && near) {
    content = (
      <Suspense fallback={<NodeIcon node={node} fontSize="large" />}>
        <PdfThumbnail url={node.item.url} width={160} />
      </Suspense>
    );
  }
  return (
    <Box
      ref={ref}
      sx={{ height: THUMB_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover', '& svg': { fontSize: 56 } }}
    >
      {content}
    </Box>
  );
}

/** The name being edited in place: Enter saves, Escape cancels; a file's extension is not selected. */
export function RenameField({ initial, error, onSave, onCancel }: { initial: string; error?: string; onSave: (name: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const dot = initial.lastIndexOf('.');
    input.current?.focus();
    input.current?.setSelectionRange(0, dot > 0 ? dot : initial.length);
  }, [initial]);
  // Enter then leaving the field must not save twice; a refusal or an edit lets the user try again.
  const done = useRef(false);
  useEffect(() => {
    done.current = false;
  }, [error]);
  const save = () => {
    if (done.current) return;
    done.current = true;
    if (value.trim() === initial) onCancel();
    else onSave(value);
  };
  return (
    <TextField
      inputRef={input}
      size="small"
      fullWidth
      value={value}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { 'aria-label': 'Name' } }}
      onChange={(e) => {
        done.current = false;
        setValue(e.target.value);
      }}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') {
          done.current = true;
          onCancel();
        }
      }}
      onBlur={save}
    />
  );
}

export interface NodeHandlers {
  selected: Set<string>;
  renaming: string | null;
  renameError?: string;
  dropTarget: string | null;
  onClick: (node: Node, e: MouseEvent) => void;
  onToggle: (node: Node) => void;
  onOpen: (node: Node) => void;
  onKey: (node: Node, e: KeyboardEvent) => void;
  onMenu: (node: Node, anchor: HTMLElement) => void;
  onRename: (node: Node, name: string) => void;
  onRenameCancel: () => void;
  onDragStart: (node: Node, e: DragEvent) => void;
  onDragOver: (node: Node, e: DragEvent) => void;
  onDragLeave: (node: Node) => void;
  onDrop: (node: Node, e: DragEvent) => void;
}

/** What a card or a row does with the mouse, the keyboard and drag and drop. */
function interaction(node: Node, h: NodeHandlers) {
  const key = nodeKey(node);
  return {
    tabIndex: 0,
    'data-node': key,
    draggable: h.renaming !== key,
    onClick: (e: MouseEvent) => h.onClick(node, e),
    onDoubleClick: () => h.onOpen(node),
    onKeyDown: (e: KeyboardEvent) => h.onKey(node, e),
    onDragStart: (e: DragEvent) => h.onDragStart(node, e),
    ...(node.kind === 'folder'
      ? { onDragOver: (e: DragEvent) => h.onDragOver(node, e), onDragLeave: () => h.onDragLeave(node), onDrop: (e: DragEvent) => h.onDrop(node, e) }
      : {}),
  };
}

function MenuButton({ node, h }: { node: Node; h: NodeHandlers }) {
  return (
    <IconButton
      size="small"
      aria-label={`Actions for ${node.item.name}`}
      onClick={(e) => {
        e.stopPropagation();
        h.onMenu(node, e.currentTarget);
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
}

function SelectBox({ node, h }: { node: Node; h: NodeHandlers }) {
  return (
    <Checkbox
      size="small"
      checked={h.selected.has(nodeKey(node))}
      onClick={(e) => e.stopPropagation()}
      onChange={() => h.onToggle(node)}
      slotProps={{ input: { 'aria-label': `Select ${node.item.name}`, tabIndex: -1 } as object }}
    />
  );
}

const subtitle = (file: FileView) => `${formatSize(file.length)} · ${new Date(file.uploadDate).toLocaleDateString()}`;

export function NodeGrid({ nodes, h }: { nodes: Node[]; h: NodeHandlers }) {
  return (
    <Box
      role="list"
      aria-label="Folders and files"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' } }}
    >
      {nodes.map((node) => {
        const key = nodeKey(node);
        const selected = h.selected.has(key);
        return (
          <Card
            key={key}
            role="listitem"
            aria-label={`${nodeTypeLabel(node)} ${node.item.name}`}
            aria-selected={selected}
            variant="outlined"
            {...interaction(node, h)}
            sx={{
              position: 'relative',
              cursor: 'pointer',
              outlineOffset: 2,
              borderColor: selected || h.dropTarget === key ? 'primary.main' : undefined,
              bgcolor: h.dropTarget === key ? 'action.selected' : selected ? 'action.hover' : undefined,
              borderWidth: selected || h.dropTarget === key ? 2 : 1,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              '&:hover .node-select, & .node-select:has(.Mui-checked)': { opacity: 1 },
            }}
          >
            <Box className="node-select" sx={{ position: 'absolute', top: 2, left: 2, zIndex: 1, opacity: { xs: 1, sm: selected ? 1 : 0.6 }, bgcolor: 'background.paper', borderRadius: 1 }}>
              <SelectBox node={node} h={h} />
            </Box>
            <Thumbnail node={node} />
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, p: 1 }}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                {h.renaming === key ? (
                  <RenameField initial={node.item.name} error={h.renameError} onSave={(name) => h.onRename(node, name)} onCancel={h.onRenameCancel} />
                ) : (
                  <Tooltip title={node.item.name} enterDelay={800}>
                    <Typography variant="body2" noWrap fontWeight={500}>
                      {node.item.name}
                    </Typography>
                  </Tooltip>
                )}
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {node.kind === 'file' ? subtitle(node.item) : 'Folder'}
                </Typography>
              </Box>
              <MenuButton node={node} h={h} />
            </Box>
          </Card>
        );
      })}
    </Box>
  );
}

export function NodeTable({ nodes, h }: { nodes: Node[]; h: NodeHandlers }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {/* Fixed layout so a long name is cut with an ellipsis instead of pushing the size off a phone's screen. */}
      <Table size="small" aria-label="Folders and files" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 48 }} />
            <TableCell>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, width: 120 }}>Type</TableCell>
            <TableCell sx={{ width: 90 }}>Size</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, width: 200 }}>Uploaded</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, width: 150 }}>By</TableCell>
            <TableCell padding="checkbox" sx={{ width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {nodes.map((node) => {
            const key = nodeKey(node);
            const file = node.kind === 'file' ? node.item : null;
            return (
              <TableRow
                key={key}
                hover
                selected={h.selected.has(key) || h.dropTarget === key}
                aria-label={`${nodeTypeLabel(node)} ${node.item.name}`}
                {...interaction(node, h)}
                sx={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
              >
                <TableCell padding="checkbox">
                  <SelectBox node={node} h={h} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <NodeIcon node={node} fontSize="small" />
                    {h.renaming === key ? (
                      <RenameField initial={node.item.name} error={h.renameError} onSave={(name) => h.onRename(node, name)} onCancel={h.onRenameCancel} />
                    ) : (
                      <Typography variant="body2" noWrap>
                        {node.item.name}
                      </Typography>
                    )}
                  </Box>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{nodeTypeLabel(node)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{file ? formatSize(file.length) : ''}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {new Date(node.kind === 'file' ? node.item.uploadDate : node.item.createdAt).toLocaleString()}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{(node.kind === 'file' ? node.item.uploadedBy : node.item.createdBy)?.name ?? ''}</TableCell>
                <TableCell padding="checkbox">
                  <MenuButton node={node} h={h} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
