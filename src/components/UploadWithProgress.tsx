import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import type { ApiError } from '../api/http';
import { useMaxUploadMb } from '../pages/files/files-api';

/** Sends the picked files in one request, reporting each file's percent; refused above maxBytes (the server's limit). */
export type Uploader = (files: File[], onProgress: (percents: number[]) => void, maxBytes: number | undefined) => Promise<unknown>;

/**
 * A button that picks several files and uploads them in one request, with a bar per file (spec 02 §9:
 * below 100 until done); a refusal says why, and the picker is cleared for the next try.
 */
export function UploadWithProgress({
  label,
  icon,
  accept,
  disabled = false,
  variant = 'text',
  upload,
  onDone,
}: {
  label: string;
  icon: ReactNode;
  accept?: string;
  disabled?: boolean;
  variant?: 'text' | 'outlined';
  upload: Uploader;
  onDone: () => unknown;
}) {
  const input = useRef<HTMLInputElement>(null);
  const maxMb = useMaxUploadMb();
  const [sending, setSending] = useState<{ names: string[]; percents: number[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (files: File[]) => {
    if (!files.length) return;
    setFailure(null);
    setSending({ names: files.map((f) => f.name), percents: files.map(() => 0) });
    try {
      await upload(files, (percents) => setSending((s) => (s ? { ...s, percents } : s)), maxMb === null ? undefined : maxMb * 1024 * 1024);
      await onDone();
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSending(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack spacing={1}>
      <Box>
        <Button size="small" variant={variant} startIcon={icon} onClick={() => input.current?.click()} disabled={disabled || !!sending}>
          {label}
        </Button>
        <input ref={input} type="file" accept={accept} multiple hidden aria-label={label} onChange={(e) => void send([...(e.target.files ?? [])])} />
      </Box>
      {sending && (
        <Stack spacing={0.5} aria-label="Upload progress">
          {sending.names.map((name, i) => (
            <Box key={`${name}-${i}`}>
              <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                {name} · {sending.percents[i] ?? 0} %
              </Typography>
              <LinearProgress variant="determinate" value={sending.percents[i] ?? 0} aria-label={`Uploading ${name}`} />
            </Box>
          ))}
        </Stack>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
