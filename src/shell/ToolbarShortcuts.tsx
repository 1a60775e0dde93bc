import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import {
  Box,
  Chip,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Popover,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { NavIcon } from './nav-icons';
import type { NavEntry } from './navigation-search';
import { useShortcuts } from './use-shortcuts';

function StarToggle({ entry, starred, onToggle }: { entry: NavEntry; starred: boolean; onToggle: () => void }) {
  const titleId = useId();
  const label = starred ? 'Remove from shortcuts' : 'Add to shortcuts';
  return (
    <>
      <span id={titleId} hidden>
        {entry.title}
        {entry.group ? ` (${entry.group})` : ''}
      </span>
      <Tooltip title={label}>
        <IconButton edge="end" aria-label={label} aria-describedby={titleId} aria-pressed={starred} onClick={onToggle} sx={{ color: starred ? 'warning.main' : 'text.secondary' }}>
          {starred ? <Star /> : <StarBorder />}
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The star menu: the starred screens as links, then every reachable screen with its star toggle. */
export function ShortcutsPopover({ anchor, onClose, state }: { anchor: HTMLElement | null; onClose: () => void; state: ReturnType<typeof useShortcuts> }) {
  const { shortcuts, isStarred, toggle, reachable } = state;
  const groups = [...new Set(reachable.map((e) => e.group))];
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Shortcuts', sx: { width: 320, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' } } as object }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography variant="subtitle1" fontWeight={600}>
          Shortcuts
        </Typography>
        {shortcuts.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No shortcuts yet. Star the screens you use most to keep them in the toolbar.
          </Typography>
        ) : (
          <Box component="nav" aria-label="Your shortcuts" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {shortcuts.map((s) => (
              <Chip key={s.id} component={RouterLink} to={`/${s.url}`} clickable onClick={onClose} icon={<NavIcon id={s.id} />} label={s.title} sx={{ minHeight: 40 }} />
            ))}
          </Box>
        )}
      </Box>
      <Divider />
      <List dense aria-label="All screens">
        {groups.map((group) => (
          <li key={group ?? 'top'}>
            <ul style={{ padding: 0 }}>
              {group && <ListSubheader sx={{ lineHeight: '32px' }}>{group}</ListSubheader>}
              {reachable
                .filter((e) => e.group === group)
                .map((entry) => (
                  <ListItem key={entry.id} disablePadding secondaryAction={<StarToggle entry={entry} starred={isStarred(entry.id)} onToggle={() => void toggle(entry.id)} />}>
                    <ListItemButton component={RouterLink} to={`/${entry.url}`} onClick={onClose} sx={{ minHeight: 40 }}>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <NavIcon id={entry.id} />
                      </ListItemIcon>
                      <ListItemText primary={entry.title} />
                    </ListItemButton>
                  </ListItem>
                ))}
            </ul>
          </li>
        ))}
      </List>
    </Popover>
  );
}

/**
 * The toolbar's shortcuts (spec 01 §2): the starred screens as icon links on wide screens and the
 * star button opening the star menu. On phones the toolbar's More menu opens the star menu instead.
 */
export function ToolbarShortcuts() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const state = useShortcuts();
  const { shortcuts, reachable } = state;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (reachable.length === 0) return null;
  return (
    <Box data-tour="shortcuts" sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', minWidth: 0 }}>
      {wide && shortcuts.length > 0 && (
        <Box component="nav" aria-label="Shortcuts" sx={{ display: 'flex', alignItems: 'center', overflow: 'hidden' }}>
          {shortcuts.map((s) => (
            <Tooltip key={s.id} title={s.title}>
              <IconButton component={RouterLink} to={`/${s.url}`} aria-label={`${s.title} (shortcut)`} sx={{ color: 'inherit' }}>
                <NavIcon id={s.id} />
              </IconButton>
            </Tooltip>
          ))}
        </Box>
      )}
      <Tooltip title="Shortcuts">
        <IconButton aria-label="Shortcuts" aria-haspopup="dialog" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)} sx={{ color: 'inherit' }}>
          {shortcuts.length > 0 ? <Star /> : <StarBorder />}
        </IconButton>
      </Tooltip>
      <ShortcutsPopover anchor={anchor} onClose={() => setAnchor(null)} state={state} />
    </Box>
  );
}
