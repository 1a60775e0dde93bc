import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import BrushIcon from '@mui/icons-material/Brush';
import LockIcon from '@mui/icons-material/Lock';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ListItemIcon, Menu, MenuItem } from '@mui/material';
import type { ReactElement } from 'react';
import { fileKind, type Node } from './files-api';

export type NodeAction = 'open' | 'rename' | 'move' | 'permissions' | 'download' | 'edit' | 'delete';

const ITEMS: Array<{ action: NodeAction; label: string; icon: ReactElement; when: (n: Node) => boolean }> = [
  { action: 'open', label: 'Open', icon: <OpenInNewIcon fontSize="small" />, when: () => true },
  { action: 'download', label: 'Download', icon: <DownloadIcon fontSize="small" />, when: (n) => n.kind === 'file' },
  { action: 'edit', label: 'Edit image', icon: <BrushIcon fontSize="small" />, when: (n) => n.kind === 'file' && fileKind(n.item.contentType) === 'image' && n.item.canManage },
  { action: 'rename', label: 'Rename', icon: <DriveFileRenameOutlineIcon fontSize="small" />, when: (n) => n.item.canManage },
  { action: 'move', label: 'Move to…', icon: <DriveFileMoveIcon fontSize="small" />, when: (n) => n.item.canManage },
  { action: 'permissions', label: 'Permissions', icon: <LockIcon fontSize="small" />, when: (n) => n.item.canManage },
  { action: 'delete', label: 'Delete', icon: <DeleteIcon fontSize="small" />, when: (n) => n.item.canManage },
];

/** A card's or row's actions; on a phone the only way to reach them besides opening. */
export function NodeMenu({ node, anchor, onAction, onClose }: { node: Node; anchor: HTMLElement; onAction: (a: NodeAction, n: Node) => void; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {ITEMS.filter((i) => i.when(node)).map((i) => (
        <MenuItem
          key={i.action}
          onClick={() => {
            onClose();
            onAction(i.action, node);
          }}
        >
          <ListItemIcon>{i.icon}</ListItemIcon>
          {i.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
