import BrushOutlined from '@mui/icons-material/BrushOutlined';
import HorizontalRuleOutlined from '@mui/icons-material/HorizontalRuleOutlined';
import RedoOutlined from '@mui/icons-material/RedoOutlined';
import TextFieldsOutlined from '@mui/icons-material/TextFieldsOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import type Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { Image as KonvaImage, Layer, Line, Stage, Text } from 'react-konva';
import {
  BRUSH_SIZES,
  DEFAULT_COLOR,
  drawingReducer,
  EMPTY_DRAWING,
  fitScale,
  fontSizeFor,
  outputType,
  type BrushSize,
  type Tool,
} from './drawing';
import { exportImage } from './export-image';

export interface ImageEditorProps {
  /** The image to draw on: same origin, or served with CORS, or the canvas cannot be exported. */
  src: string;
  /** The original's type: a JPEG is saved as JPEG, anything else as PNG. */
  contentType?: string;
  /** Shown in the toolbar. */
  title?: string;
  /** Receives the edited image at its natural size; the editor stays busy until a returned promise settles. */
  onSave: (dataUrl: string) => void | Promise<void>;
  onCancel: () => void;
  /** Upload progress in percent while saving, when the caller reports it. */
  progress?: number | null;
}

const TOOL_LABELS: Record<Tool, string> = { pen: 'Pen', line: 'Line', text: 'Text' };
const TOOL_ICONS = { pen: BrushOutlined, line: HorizontalRuleOutlined, text: TextFieldsOutlined };
const SIZE_LABELS: Record<BrushSize, string> = { small: 'Small', medium: 'Medium', big: 'Big' };

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; image: HTMLImageElement };

function useImage(src: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    setLoaded({ state: 'loading' });
    const image = new window.Image();
    // Without it a CORS-served image would taint the canvas and Save could not read it back.
    image.crossOrigin = 'anonymous';
    image.onload = () => setLoaded({ state: 'ready', image });
    image.onerror = () => setLoaded({ state: 'failed' });
    image.src = src;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);
  return loaded;
}

/** The size inside the element's padding, following resizes; the window's when it has no layout (tests). */
function useAreaSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      const style = el ? getComputedStyle(el) : null;
      const padX = style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) || 0 : 0;
      const padY = style ? parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) || 0 : 0;
      const width = el?.clientWidth ? el.clientWidth - padX : window.innerWidth;
      const height = el?.clientHeight ? el.clientHeight - padY : Math.max(window.innerHeight - 120, 200);
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (ref.current) observer?.observe(ref.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return size;
}

interface PendingText {
  x: number;
  y: number;
  value: string;
}

/**
 * Draw on an image with a pen, straight lines and text, undo and redo, then Save or Cancel
 * (spec 02 §2). Everything drawn is kept in image pixels; the stage shows it scaled to fit.
 */
export function ImageEditor({ src, contentType, title, onSave, onCancel, progress = null }: ImageEditorProps) {
  const loaded = useImage(src);
  const area = useRef<HTMLDivElement>(null);
  const areaSize = useAreaSize(area);
  const stageRef = useRef<Konva.Stage>(null);
  const [drawing, dispatch] = useReducer(drawingReducer, EMPTY_DRAWING);
  const [tool, setTool] = useState<Tool>('pen');
  const [brush, setBrush] = useState<BrushSize>('small');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [pendingText, setPendingText] = useState<PendingText | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const image = loaded.state === 'ready' ? loaded.image : null;
  const natural = { width: image?.naturalWidth ?? 0, height: image?.naturalHeight ?? 0 };
  const scale = fitScale(natural, areaSize);
  const stageWidth = Math.max(1, Math.round(natural.width * scale));
  const stageHeight = Math.max(1, Math.round(natural.height * scale));
  const size = BRUSH_SIZES[brush];

  // Read from a ref so a commit triggered twice (Enter, then the blur of the removed input) adds one text.
  const pendingRef = useRef<PendingText | null>(null);
  pendingRef.current = pendingText;
  const commitText = useCallback(() => {
    const pending = pendingRef.current;
    if (!pending) return;
    pendingRef.current = null;
    setPendingText(null);
    dispatch({ type: 'text', x: pending.x, y: pending.y, text: pending.value, color, size });
  }, [color, size]);

  const toImagePoint = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - rect.left) / scale, y: (e.clientY - rect.top) / scale };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (saving || !e.isPrimary || e.button > 0) return;
    const { x, y } = toImagePoint(e);
    if (tool === 'text') {
      // The input being typed in takes the click; a click elsewhere commits it and starts another.
      if (pendingRef.current) commitText();
      e.preventDefault();
      setPendingText({ x, y, value: '' });
      return;
    }
    dispatch({ type: 'start', tool, x, y, color, size });
    // The stroke goes on when the pointer leaves the picture and ends wherever it is lifted.
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.isPrimary) return;
    dispatch({ type: 'move', ...toImagePoint(e) });
  };
  const onPointerEnd = () => dispatch({ type: 'end' });

  const save = async () => {
    const stage = stageRef.current;
    if (!stage || !image || saving) return;
    // Text still being typed goes into the stage before it is exported.
    flushSync(commitText);
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(exportImage(stage, natural, outputType(contentType)));
    } catch (err) {
      setSaveError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  // Nothing drawn is lost to a stray Escape or Cancel without a word.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const cancel = () => (drawing.shapes.length > 0 || pendingRef.current?.value.trim() ? setConfirmingDiscard(true) : onCancel());

  // The latest handlers for the window's keys, without re-subscribing on every stroke.
  const keys = useRef({ cancel, busy: saving || confirmingDiscard });
  keys.current = { cancel, busy: saving || confirmingDiscard };
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable="true"]');
      if (typing || keys.current.busy) return;
      const key = e.key.toLowerCase();
      if (key === 'escape') keys.current.cancel();
      else if ((e.ctrlKey || e.metaKey) && key === 'z') dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
      else if ((e.ctrlKey || e.metaKey) && key === 'y') dispatch({ type: 'redo' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onTextKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitText();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      pendingRef.current = null;
      setPendingText(null);
    }
  };

  const fontSize = fontSizeFor(size);

  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'grey.900', zIndex: (t) => t.zIndex.appBar + 1 }}>
      <Stack
        component="header"
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1, px: 1.5, py: 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        {title && (
          <Typography variant="subtitle1" component="h1" noWrap sx={{ flex: { xs: '1 1 0', md: '0 1 auto' }, minWidth: 0, maxWidth: { md: 280 }, fontWeight: 600 }}>
            {title}
          </Typography>
        )}
        {/* On a phone the tools take a row of their own under the title, Cancel and Save. */}
        <Stack
          direction="row"
          role="toolbar"
          aria-label="Drawing tools"
          sx={{ order: { xs: 2, md: 1 }, flexBasis: { xs: '100%', md: 'auto' }, alignItems: 'center', gap: { xs: 0.5, sm: 1 }, justifyContent: { xs: 'space-between', md: 'flex-start' } }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            aria-label="Tool"
            value={tool}
            onChange={(_, next: Tool | null) => {
              if (!next) return;
              commitText();
              setTool(next);
            }}
          >
            {(Object.keys(TOOL_LABELS) as Tool[]).map((t) => {
              const Icon = TOOL_ICONS[t];
              return (
                <ToggleButton key={t} value={t} aria-label={TOOL_LABELS[t]} title={TOOL_LABELS[t]}>
                  <Icon fontSize="small" />
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
          <ToggleButtonGroup size="small" exclusive aria-label="Brush size" value={brush} onChange={(_, next: BrushSize | null) => next && setBrush(next)}>
            {(Object.keys(BRUSH_SIZES) as BrushSize[]).map((b) => (
              <ToggleButton key={b} value={b} aria-label={SIZE_LABELS[b]} title={`${SIZE_LABELS[b]} (${BRUSH_SIZES[b]} px)`} sx={{ width: 36 }}>
                <Box sx={{ width: 4 + BRUSH_SIZES[b] / 2.5, height: 4 + BRUSH_SIZES[b] / 2.5, borderRadius: '50%', bgcolor: 'currentColor' }} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box
            component="input"
            type="color"
            aria-label="Colour"
            title="Colour"
            value={color}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setColor(e.target.value)}
            sx={{ width: 38, height: 38, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
          />
          <Stack direction="row">
            <Tooltip title="Undo (Ctrl+Z)">
              <span>
                <IconButton aria-label="Undo" disabled={drawing.shapes.length === 0 || saving} onClick={() => dispatch({ type: 'undo' })}>
                  <UndoOutlined />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Redo (Ctrl+Shift+Z)">
              <span>
                <IconButton aria-label="Redo" disabled={drawing.undone.length === 0 || saving} onClick={() => dispatch({ type: 'redo' })}>
                  <RedoOutlined />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ order: { xs: 1, md: 2 }, ml: 'auto' }}>
          <Button onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={save} disabled={!image || saving}>
            Save
          </Button>
        </Stack>
      </Stack>
      {saving && <LinearProgress variant={progress === null ? 'indeterminate' : 'determinate'} value={progress ?? undefined} aria-label="Saving" />}
      {saveError && (
        <Alert severity="error" onClose={() => setSaveError(null)} sx={{ borderRadius: 0 }}>
          {saveError}
        </Alert>
      )}
      <Box ref={area} sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', p: { xs: 0.5, sm: 2 } }}>
        {loaded.state === 'loading' && <CircularProgress aria-label="Loading image" />}
        {loaded.state === 'failed' && (
          <Alert severity="error" action={<Button onClick={onCancel}>Close</Button>}>
            The image could not be loaded.
          </Alert>
        )}
        {image && (
          <Box
            data-testid="drawing-surface"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            sx={{
              position: 'relative',
              width: stageWidth,
              height: stageHeight,
              flexShrink: 0,
              boxShadow: 6,
              // The pen, not the page, follows a finger.
              touchAction: 'none',
              cursor: tool === 'text' ? 'text' : 'crosshair',
            }}
          >
            <Stage ref={stageRef} width={stageWidth} height={stageHeight} scaleX={scale} scaleY={scale} listening={false}>
              <Layer listening={false}>
                <KonvaImage image={image} width={natural.width} height={natural.height} />
                {drawing.shapes.map((shape, i) =>
                  shape.kind === 'text' ? (
                    <Text key={i} x={shape.x} y={shape.y} text={shape.text} fill={shape.color} fontSize={fontSizeFor(shape.size)} fontFamily="Roboto, Arial, sans-serif" />
                  ) : (
                    <Line
                      key={i}
                      points={shape.points}
                      stroke={shape.color}
                      strokeWidth={shape.size}
                      lineCap="round"
                      lineJoin="round"
                      tension={shape.kind === 'pen' ? 0.4 : 0}
                    />
                  ),
                )}
              </Layer>
            </Stage>
            {pendingText && (
              <input
                aria-label="Text to place"
                autoFocus
                value={pendingText.value}
                onChange={(e) => setPendingText({ ...pendingText, value: e.target.value })}
                onKeyDown={onTextKey}
                onBlur={commitText}
                onPointerDown={(e) => e.stopPropagation()}
                placeholder="Type, then Enter"
                style={{
                  position: 'absolute',
                  left: pendingText.x * scale,
                  top: pendingText.y * scale,
                  font: `${fontSize * scale}px Roboto, Arial, sans-serif`,
                  lineHeight: 1,
                  color,
                  background: 'rgba(255,255,255,0.6)',
                  border: '1px dashed currentColor',
                  padding: 0,
                  margin: 0,
                  outline: 'none',
                  minWidth: Math.max(80, fontSize * scale * 4),
                  maxWidth: stageWidth - pendingText.x * scale,
                }}
              />
            )}
          </Box>
        )}
      </Box>
      <Dialog open={confirmingDiscard} onClose={() => setConfirmingDiscard(false)} aria-labelledby="discard-drawing-title">
        <DialogTitle id="discard-drawing-title">Discard your drawing?</DialogTitle>
        <DialogContent>
          <DialogContentText>What you drew on this image has not been saved.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingDiscard(false)} autoFocus>
            Keep editing
          </Button>
          <Button color="error" onClick={onCancel}>
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
