import { Box } from '@mui/material';
import SignaturePadEngine from 'signature_pad';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { dataUrlToBlob } from '../pages/image-editor/drawing';

/** What a parent may do with the pad: clear it, ask whether anything is drawn, take the drawing as a PNG. */
export interface SignaturePadHandle {
  clear: () => void;
  isEmpty: () => boolean;
  /** The drawing as a PNG with a transparent background, at the screen's pixel density. */
  toPng: () => Blob;
}

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** Called with true when the pad is cleared and with false once a stroke ends. */
  onChange?: (empty: boolean) => void;
  /** Names the drawing area for screen readers. */
  label?: string;
  height?: number;
  disabled?: boolean;
}

/**
 * A React wrapper over signature_pad: a canvas drawn with a finger, a pen or a mouse (pointer
 * events, `touch-action: none` so a finger draws instead of scrolling). The canvas follows its box's
 * size and the screen's pixel density; what was drawn is kept across a resize.
 */
export function SignaturePad({ ref, onChange, label = 'Signature pad', height = 200, disabled = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePadEngine(canvas, { penColor: '#0b1f44', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const ended = () => onChangeRef.current?.(pad.isEmpty());
    pad.addEventListener('endStroke', ended);

    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const high = Math.round(canvas.offsetHeight * ratio);
      if (canvas.width === width && canvas.height === high) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = high;
      canvas.getContext('2d')?.scale(ratio, ratio);
      // Resizing a canvas wipes it: draw the strokes again at the new size.
      pad.clear();
      pad.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        padRef.current?.clear();
        onChangeRef.current?.(true);
      },
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () => dataUrlToBlob(padRef.current!.toDataURL('image/png')),
    }),
    [],
  );

  return (
    <Box
      sx={{
        position: 'relative',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: '#fff',
        backgroundImage: 'linear-gradient(to right, #b0b8c4, #b0b8c4)',
        backgroundSize: 'calc(100% - 48px) 1px',
        backgroundPosition: `24px ${height - 44}px`,
        backgroundRepeat: 'no-repeat',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <canvas ref={canvasRef} role="img" aria-label={label} style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: 'crosshair' }} />
    </Box>
  );
}
