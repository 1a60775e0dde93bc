import AddLocationAlt from '@mui/icons-material/AddLocationAlt';
import Close from '@mui/icons-material/Close';
import ContentCut from '@mui/icons-material/ContentCut';
import Delete from '@mui/icons-material/Delete';
import FitScreen from '@mui/icons-material/FitScreen';
import NearMe from '@mui/icons-material/NearMe';
import PanTool from '@mui/icons-material/PanTool';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import Redo from '@mui/icons-material/Redo';
import Straighten from '@mui/icons-material/Straighten';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Timeline from '@mui/icons-material/Timeline';
import Undo from '@mui/icons-material/Undo';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { TOOL_LABELS, type Tool } from './tools';

const TOOL_ICONS: Array<[Tool, ReactElement]> = [
  ['select', <NearMe key="s" />],
  ['hand', <PanTool key="h" />],
  ['count', <AddLocationAlt key="c" />],
  ['line', <Timeline key="l" />],
  ['area', <PentagonOutlined key="a" />],
  ['calibrate', <Straighten key="k" />],
];

const Action = ({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactElement }) => (
  <Tooltip title={label}>
    <span>
      <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
        {children}
      </IconButton>
    </span>
  </Tooltip>
);

/** The drawing tools; on a phone they sit in a bar at the bottom. */
export function ToolButtons({ tool, onTool, canEdit, selectedArea, onOpening, canDelete, onDelete }: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canEdit: boolean;
  selectedArea: boolean;
  onOpening: () => void;
  canDelete: boolean;
  onDelete: () => void;
}) {
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} sx={{ overflowX: 'auto' }}>
      <ToggleButtonGroup size="small" exclusive value={tool} onChange={(_, v: Tool | null) => v && onTool(v)} aria-label="Tools">
        {TOOL_ICONS.filter(([t]) => canEdit || t === 'select' || t === 'hand').map(([t, icon]) => (
          <ToggleButton key={t} value={t} aria-label={TOOL_LABELS[t]}>
            <Tooltip title={TOOL_LABELS[t]}>{icon}</Tooltip>
          </ToggleButton>
        ))}
        {canEdit && selectedArea && (
          <ToggleButton value="opening" aria-label={TOOL_LABELS.opening} onClick={onOpening}>
            <ContentCut />
          </ToggleButton>
        )}
      </ToggleButtonGroup>
      {canEdit && (
        <Action label="Delete drawing (Delete)" onClick={onDelete} disabled={!canDelete}>
          <Delete />
        </Action>
      )}
    </Stack>
  );
}

/** Zoom and history controls; `pinch` leaves out the zoom steps, for a phone's one-line bar (fingers zoom there). */
export function ViewButtons({ zoom, pinch, onZoom, onFitWidth, onFitPage, onUndo, onRedo, canUndo, canRedo, onClose }: {
  zoom: number;
  pinch?: boolean;
  onZoom: (factor: number) => void;
  onFitWidth: () => void;
  onFitPage: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onClose: () => void;
}) {
  return (
    <Stack direction="row" alignItems="center" spacing={0.25}>
      <Action label="Undo (Ctrl+Z)" onClick={onUndo} disabled={!canUndo}>
        <Undo />
      </Action>
      <Action label="Redo (Ctrl+Shift+Z)" onClick={onRedo} disabled={!canRedo}>
        <Redo />
      </Action>
      {!pinch && (
        <>
          <Action label="Zoom out" onClick={() => onZoom(1 / 1.25)}>
            <ZoomOut />
          </Action>
          <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'center' }} aria-live="polite" aria-label="Zoom">
            {Math.round(zoom * 100)} %
          </Typography>
          <Action label="Zoom in" onClick={() => onZoom(1.25)}>
            <ZoomIn />
          </Action>
        </>
      )}
      <Action label="Fit width" onClick={onFitWidth}>
        <SwapHoriz />
      </Action>
      <Action label="Fit page" onClick={onFitPage}>
        <FitScreen />
      </Action>
      <Action label="Close the editor" onClick={onClose}>
        <Close />
      </Action>
    </Stack>
  );
}
