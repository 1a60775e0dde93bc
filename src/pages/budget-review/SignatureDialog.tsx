import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import { SignaturePad, type SignaturePadHandle } from '../../components/SignaturePad';
import { dataUrlToBlob } from '../image-editor/drawing';

export const SIGNATURE_MESSAGES = {
  name: 'Write your full name',
} as const;

/** A typed signature drawn as a PNG, as wide as the name: for people who sign with a keyboard or a screen reader. */
export function typedSignaturePng(text: string): Blob {
  const canvas = document.createElement('canvas');
  const font = `italic 72px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.font = font;
    canvas.width = Math.min(1600, Math.ceil(ctx.measureText(text).width) + 40);
    canvas.height = 160;
    // Resizing the canvas reset its state.
    ctx.font = font;
    ctx.fillStyle = '#0b1f44';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 20, canvas.height / 2, canvas.width - 40);
  }
  return dataUrlToBlob(canvas.toDataURL('image/png'));
}

interface SignatureDialogProps {
  title: string;
  /** What the signature approves, above the pad. */
  intro?: ReactNode;
  /** The signer's name is asked for (the external page), prefilled with this. */
  askName?: string;
  confirmLabel?: string;
  /**
   * Sends the signature; reports upload progress in percent. A rejection is shown in the dialog,
   * which stays open to try again.
   */
  onSign: (png: Blob, name: string | null, onProgress: (percent: number) => void) => Promise<void>;
  onClose: () => void;
}

/**
 * The budget review's signature dialog (spec 02 §2): a pad to draw on, or a name to type for those
 * who cannot draw; Clear, Cancel and Sign. Sign waits for a drawing (and the name when asked). The
 * upload shows its progress; Escape or Cancel closes unless it is under way.
 */
export function SignatureDialog({ title, intro, askName, confirmLabel = 'Sign', onSign, onClose }: SignatureDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const pad = useRef<SignaturePadHandle>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState(askName ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = progress !== null;
  const nameMissing = askName !== undefined && !name.trim();
  const signed = mode === 'draw' ? drawn : !!typed.trim();

  const clear = () => {
    if (mode === 'draw') pad.current?.clear();
    else setTyped('');
  };
  const sign = async () => {
    if (nameMissing || !signed) return;
    const png = mode === 'draw' ? pad.current!.toPng() : typedSignaturePng(typed.trim());
    setFailure(null);
    setProgress(0);
    try {
      await onSign(png, askName !== undefined ? name.trim() : null, setProgress);
    } catch (err) {
      setFailure((err as Error).message);
      setProgress(null);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="signature-dialog-title">
      <DialogTitle id="signature-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {intro}
          {failure && <Alert severity="error">{failure}</Alert>}
          {askName !== undefined && (
            <TextField
              label="Your full name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setNameTouched(true)}
              error={nameTouched && nameMissing}
              helperText={nameTouched && nameMissing ? SIGNATURE_MESSAGES.name : 'Printed beside your signature'}
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'name' } }}
              disabled={busy}
              fullWidth
            />
          )}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_e, next: 'draw' | 'type' | null) => {
              if (!next) return;
              setMode(next);
              setDrawn(false);
            }}
            aria-label="How to sign"
            disabled={busy}
          >
            <ToggleButton value="draw">Draw</ToggleButton>
            <ToggleButton value="type">Type</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'draw' ? (
            <Stack spacing={0.5}>
              <SignaturePad ref={pad} onChange={(empty) => setDrawn(!empty)} label="Signature pad: draw your signature here" disabled={busy} />
              <Typography variant="caption" color="text.secondary">
                Sign with your finger, a pen or the mouse above the line.
              </Typography>
            </Stack>
          ) : (
            <TextField
              label="Type your signature"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 80 } }}
              helperText="Typing your name signs as if drawn"
              disabled={busy}
              autoFocus
              fullWidth
            />
          )}
          {busy && <LinearProgress variant="determinate" value={progress} aria-label="Sending signature" />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={clear} disabled={busy || !signed}>
          Clear
        </Button>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={sign} disabled={busy || !signed || nameMissing}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
