import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { FILE_MESSAGES } from '../../../../resources/files';
import { RATIO_CHOICES, type PdfConversion } from '../../../../resources/pdf-conversion';
import type { ProjectFile } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { uploadFile } from '../../../api/upload';

/** How often a running conversion is asked for its progress. */
const POLL_MS = 1000;

type Phase =
  | { kind: 'choose' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'converting'; conversion: PdfConversion }
  | { kind: 'done'; conversion: PdfConversion; images: ProjectFile[] }
  | { kind: 'failed'; message: string };

/** The conversion's images with their links, from the project's file list (links are signed there). */
async function imagesOf(conversion: PdfConversion): Promise<ProjectFile[]> {
  const ids = new Set(conversion.files.map((f) => f.fileId));
  const { data } = await apiFetch<ProjectFile[]>(`/projects/${conversion.projectId}/files?type=other`, { quiet: true });
  return data.filter((f) => ids.has(f.id));
}

/**
 * The project's "PDF optimise" dialog (spec 02): a PDF and a ratio in, one JPEG per page out into the
 * project's files. The upload shows its percent, the conversion its pages done of total until it
 * ends; then links to the images, or the server's reason it failed.
 */
export function PdfOptimiseDialog({ projectId, maxMb, onConverted, onClose }: { projectId: number; maxMb: number | null; onConverted: () => void; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [ratio, setRatio] = useState<number>(1);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const ratioLabelId = useId();
  const conversionId = phase.kind === 'converting' ? phase.conversion.id : null;

  // Follows the conversion until it ends; stops when the dialog closes.
  useEffect(() => {
    if (conversionId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const { data } = await apiFetch<PdfConversion>(`/to-images/${conversionId}`, { quiet: true });
        if (stopped) return;
        if (data.status === 'done') {
          onConverted();
          const images = await imagesOf(data).catch(() => []);
          if (!stopped) setPhase({ kind: 'done', conversion: data, images });
        } else if (data.status === 'failed') setPhase({ kind: 'failed', message: data.error ?? 'The PDF could not be converted.' });
        else {
          setPhase({ kind: 'converting', conversion: data });
          timer = setTimeout(poll, POLL_MS);
        }
      } catch (err) {
        if (!stopped) setPhase({ kind: 'failed', message: (err as ApiError).message });
      }
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [conversionId, onConverted]);

  const start = async () => {
    if (!file) return;
    const limit = maxMb === null ? undefined : maxMb * 1024 * 1024;
    if (limit !== undefined && file.size > limit) return setPhase({ kind: 'failed', message: FILE_MESSAGES.tooLarge(maxMb!) });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const conversion = await uploadFile<PdfConversion>(`/to-images?projectId=${projectId}&ratio=${ratio}`, {}, file, (percent) => setPhase({ kind: 'uploading', percent }), {
        maxBytes: limit,
        tooLargeMessage: maxMb === null ? undefined : FILE_MESSAGES.tooLarge(maxMb),
      });
      setPhase({ kind: 'converting', conversion });
    } catch (err) {
      setPhase({ kind: 'failed', message: (err as ApiError).message });
    }
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'converting';
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>PDF optimise</DialogTitle>
      <DialogContent>
        {phase.kind === 'choose' && (
          <Stack spacing={2}>
            <Typography color="text.secondary">Each page of the PDF becomes an image in the project's files, lighter to open on site than the PDF.</Typography>
            <input ref={input} type="file" accept="application/pdf,.pdf" hidden aria-label="Choose a PDF" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} onClick={() => input.current?.click()}>
                Choose a PDF
              </Button>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{file ? file.name : 'No PDF chosen'}</Typography>
            </Stack>
            <FormControl>
              <FormLabel id={ratioLabelId}>Image quality</FormLabel>
              <RadioGroup aria-labelledby={ratioLabelId} value={String(ratio)} onChange={(e) => setRatio(Number(e.target.value))}>
                {RATIO_CHOICES.map((c) => (
                  <FormControlLabel key={c.value} value={String(c.value)} control={<Radio />} label={c.label} />
                ))}
              </RadioGroup>
            </FormControl>
          </Stack>
        )}
        {phase.kind === 'uploading' && (
          <Stack spacing={1} role="status">
            <Typography>Uploading {file?.name}… {phase.percent}%</Typography>
            <LinearProgress variant="determinate" value={phase.percent} aria-label="Upload progress" />
          </Stack>
        )}
        {phase.kind === 'converting' && (
          <Stack spacing={1} role="status">
            <Typography>
              {phase.conversion.pagesTotal === null
                ? `Opening ${phase.conversion.sourceName}…`
                : `Converting: ${phase.conversion.pagesDone} of ${phase.conversion.pagesTotal} pages done`}
            </Typography>
            <LinearProgress
              aria-label="Conversion progress"
              {...(phase.conversion.pagesTotal ? { variant: 'determinate' as const, value: (phase.conversion.pagesDone / phase.conversion.pagesTotal) * 100 } : {})}
            />
            <Typography variant="body2" color="text.secondary">
              You may close this page: the conversion goes on, and you are notified when it is done.
            </Typography>
          </Stack>
        )}
        {phase.kind === 'done' && (
          <Stack spacing={1}>
            <Alert severity="success">
              {phase.conversion.pagesDone} image{phase.conversion.pagesDone === 1 ? '' : 's'} added to the project's files.
            </Alert>
            <List dense aria-label="Images">
              {phase.images.map((img) => (
                <ListItem key={img.id} disableGutters>
                  <ListItemText primary={<Link href={img.url} target="_blank" rel="noopener">{img.name}</Link>} />
                </ListItem>
              ))}
            </List>
          </Stack>
        )}
        {phase.kind === 'failed' && <Alert severity="error">{phase.message}</Alert>}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'choose' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" disabled={!file} onClick={() => void start()}>
              Optimise
            </Button>
          </>
        )}
        {phase.kind === 'failed' && (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={() => setPhase({ kind: 'choose' })}>
              Try again
            </Button>
          </>
        )}
        {phase.kind === 'converting' && <Button onClick={onClose}>Close</Button>}
        {phase.kind === 'done' && (
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
