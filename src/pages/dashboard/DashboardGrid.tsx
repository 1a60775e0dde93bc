import 'react-grid-layout/css/styles.css';
import { Box, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import type { Widget, WidgetLayout } from '../../../resources/dashboard';
import { DRAG_HANDLE } from './WidgetFrame';

export const ROW_HEIGHT = 60;
const MARGIN = 12;

export const inLayoutOrder = (widgets: Widget[]) => [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
const toLayout = ({ x, y, w, h }: LayoutItem): WidgetLayout => ({ x, y, w, h });

/**
 * The 12-column grid (react-grid-layout): drag by a widget's title bar, resize from its corner; a drag
 * or resize that ends reports every widget's place at once. On a phone the widgets stack in one
 * column in layout order and do not move.
 */
export function DashboardGrid({
  widgets,
  editable,
  onLayout,
  onLayoutStop,
  children,
}: {
  widgets: Widget[];
  editable: boolean;
  /** While moving: the places on screen. */
  onLayout?: (places: Map<string, WidgetLayout>) => void;
  /** A drag or resize ended: every widget's place. */
  onLayoutStop?: (places: Map<string, WidgetLayout>) => void;
  children: (widget: Widget) => ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { width, containerRef } = useContainerWidth();
  const layout = useMemo<Layout>(() => widgets.map((w) => ({ i: String(w.id), ...w.layout, static: isTemp(w) })), [widgets]);
  const places = (l: Layout) => new Map(l.map((item) => [item.i, toLayout(item)]));

  if (phone)
    return (
      <Stack spacing={1.5}>
        {inLayoutOrder(widgets).map((w) => (
          <Box key={w.id} data-widget-id={w.id} sx={{ height: Math.max(3, w.layout.h) * ROW_HEIGHT }}>
            {children(w)}
          </Box>
        ))}
      </Stack>
    );
  return (
    <div ref={containerRef}>
      <ReactGridLayout
        width={width > 0 ? width : 1200}
        layout={layout}
        gridConfig={{ cols: 12, rowHeight: ROW_HEIGHT, margin: [MARGIN, MARGIN], containerPadding: [0, 0] }}
        dragConfig={{ enabled: editable, handle: `.${DRAG_HANDLE}`, cancel: '.fw-no-drag' }}
        resizeConfig={{ enabled: editable, handles: ['se'] }}
        onLayoutChange={(l) => onLayout?.(places(l))}
        onDragStop={(l) => onLayoutStop?.(places(l))}
        onResizeStop={(l) => onLayoutStop?.(places(l))}
      >
        {widgets.map((w) => (
          <div key={String(w.id)} data-widget-id={w.id}>
            {children(w)}
          </div>
        ))}
      </ReactGridLayout>
    </div>
  );
}

const isTemp = (w: Widget) => typeof w.id === 'string';
