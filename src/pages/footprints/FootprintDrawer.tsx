import Check from '@mui/icons-material/Check';
import ClearAll from '@mui/icons-material/ClearAll';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FilterCenterFocus from '@mui/icons-material/FilterCenterFocus';
import Undo from '@mui/icons-material/Undo';
import { Box, Button, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { Map as LeafletMap } from 'leaflet';
import { lazy, Suspense, useCallback, useRef } from 'react';
import { FOOTPRINT_KINDS, FOOTPRINT_MESSAGES, type FootprintKind } from '../../../resources/footprint';
import type { Drawing } from './use-drawing';

const FootprintMap = lazy(() => import('./FootprintMap'));

/**
 * Draws a footprint: pick area or line, click the map to add points (or, from the keyboard, pan with
 * the arrow keys and add the map's centre), undo the last point, clear, finish. The measure shows
 * live as the points come.
 */
export function FootprintDrawer({ drawing, height = 360 }: { drawing: Drawing; height?: number }) {
  const map = useRef<LeafletMap | null>(null);
  const onReady = useCallback((m: LeafletMap) => void (map.current = m), []);
  const addCentre = () => {
    const c = map.current?.getCenter();
    if (c) drawing.add([c.lat, c.lng]);
  };
  const missing = drawing.kind === 'polygon' ? FOOTPRINT_MESSAGES.polygon : FOOTPRINT_MESSAGES.line;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <ToggleButtonGroup size="small" exclusive value={drawing.kind} onChange={(_e, v: FootprintKind | null) => v && drawing.setKind(v)} aria-label="Shape">
          {FOOTPRINT_KINDS.map((k) => (
            <ToggleButton key={k.value} value={k.value}>
              {k.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="footprint-measure">
          {drawing.measure ?? `${drawing.points.length} point${drawing.points.length === 1 ? '' : 's'}: ${missing.toLowerCase()}`}
        </Typography>
      </Stack>
      <Box sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', position: 'relative' }}>
        <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
          <FootprintMap kind={drawing.kind} points={drawing.points} onAdd={drawing.finished ? undefined : drawing.add} onReady={onReady} />
        </Suspense>
      </Box>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button size="small" startIcon={<FilterCenterFocus />} onClick={addCentre} disabled={drawing.finished}>
          Add centre point
        </Button>
        <Button size="small" startIcon={<Undo />} onClick={drawing.undo} disabled={!drawing.points.length}>
          Undo last point
        </Button>
        <Button size="small" startIcon={<ClearAll />} onClick={drawing.clear} disabled={!drawing.points.length}>
          Clear
        </Button>
        {drawing.finished ? (
          <Button size="small" startIcon={<EditOutlined />} onClick={drawing.resume}>
            Continue drawing
          </Button>
        ) : (
          <Button size="small" startIcon={<Check />} onClick={drawing.finish} disabled={!drawing.enough}>
            Finish
          </Button>
        )}
      </Stack>
      {!drawing.finished && (
        <Typography variant="caption" color="text.secondary">
          Click the map to add points{drawing.kind === 'polygon' ? ' around the area' : ' along the line'}.
        </Typography>
      )}
    </Stack>
  );
}
