import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Button, Chip, CircularProgress, IconButton, Menu, MenuItem, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import type { Widget } from '../../../resources/dashboard';
import { WidgetBody } from './widgets/WidgetBody';
import type { WidgetSource } from './widgets/widget-source';

export const DRAG_HANDLE = 'fw-widget-handle';
export const isTemporary = (widget: Widget) => typeof widget.id === 'string';

/** The size the body has on screen, for the charts; jsdom measures nothing, so a plain size stands in. */
function useBodySize() {
  const [size, setSize] = useState({ width: 400, height: 220 });
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width > 0 && height > 0) setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export interface WidgetActions {
  onEdit: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
  /** Its place and size typed in: the keyboard's way to move and resize. */
  onPlace: (widget: Widget) => void;
  /** Shown on a public dashboard for a widget guests do not see yet. */
  onPublish?: (widget: Widget) => void;
}

/**
 * A widget's card: a region named by its title, the title bar that drags it, its menu (edit, delete)
 * when the dashboard is editable; a widget still being added shows a spinner until the server answers.
 */
export function WidgetFrame({ widget, source, actions, notPublic }: { widget: Widget; source: WidgetSource; actions?: WidgetActions; notPublic?: boolean }) {
  const titleId = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [bodyRef, size] = useBodySize();
  const temporary = isTemporary(widget);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby={titleId}
      aria-busy={temporary}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        className={actions ? DRAG_HANDLE : undefined}
        sx={{ px: 1.5, py: 0.5, minHeight: 40, borderBottom: 1, borderColor: 'divider', cursor: actions ? 'move' : 'default' }}
      >
        <Typography id={titleId} component="h2" variant="subtitle2" fontWeight={700} noWrap sx={{ flex: 1 }}>
          {widget.title}
        </Typography>
        {temporary && <CircularProgress size={16} aria-label="Saving widget" />}
        {notPublic && actions?.onPublish && (
          <Stack direction="row" spacing={0.5} alignItems="center" className="fw-no-drag">
            <Chip size="small" label="Not public yet" color="warning" variant="outlined" />
            <Button size="small" onClick={() => actions.onPublish!(widget)}>
              Publish
            </Button>
          </Stack>
        )}
        {actions && !temporary && (
          <>
            <IconButton size="small" className="fw-no-drag" aria-label={`Widget actions: ${widget.title}`} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
              <MoreVertIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onEdit(widget);
                }}
              >
                Edit
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onPlace(widget);
                }}
              >
                Position and size
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onDelete(widget);
                }}
              >
                Delete
              </MenuItem>
            </Menu>
          </>
        )}
      </Stack>
      <Box ref={bodyRef} sx={{ flex: 1, minHeight: 0, p: 1, overflow: 'hidden' }}>
        {temporary ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <Typography color="text.secondary" variant="body2">
              Adding…
            </Typography>
          </Box>
        ) : (
          <WidgetBody widget={widget} source={source} width={size.width} height={size.height} />
        )}
      </Box>
    </Paper>
  );
}
