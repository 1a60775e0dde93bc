import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useRef, useState } from 'react';
import { useShellPanels, type ShellPanel } from './panels';
import { ShortcutsPopover } from './ToolbarShortcuts';
import { useShortcuts } from './use-shortcuts';

/**
 * Phones only (under 600 px): the toolbar's less used buttons (shortcuts, team chat, quick panel,
 * settings) in one menu, so that what stays in the toolbar keeps 40 px targets without overflowing.
 */
export function ToolbarMore({ publicView = false }: { publicView?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const shortcuts = useShortcuts();
  const panels = useShellPanels();
  const open = (panel: ShellPanel) => {
    setMenuOpen(false);
    panels.show(panel);
  };
  return (
    <>
      <IconButton
        ref={button}
        aria-label="More"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(true)}
        data-tour="more"
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, color: 'inherit' }}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={button.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        {!publicView && shortcuts.reachable.length > 0 && (
          <MenuItem
            onClick={() => {
              setMenuOpen(false);
              setShortcutsOpen(true);
            }}
          >
            <ListItemIcon>
              <StarBorder fontSize="small" />
            </ListItemIcon>
            Shortcuts
          </MenuItem>
        )}
        {!publicView && (
          <MenuItem onClick={() => open('chat')}>
            <ListItemIcon>
              <ChatOutlined fontSize="small" />
            </ListItemIcon>
            Team chat
          </MenuItem>
        )}
        {!publicView && (
          <MenuItem onClick={() => open('quick')}>
            <ListItemIcon>
              <DashboardCustomizeOutlined fontSize="small" />
            </ListItemIcon>
            Quick panel
          </MenuItem>
        )}
        <MenuItem onClick={() => open('settings')}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
      </Menu>
      <ShortcutsPopover anchor={shortcutsOpen ? button.current : null} onClose={() => setShortcutsOpen(false)} state={shortcuts} />
    </>
  );
}
