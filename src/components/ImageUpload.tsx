import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { Alert, Avatar, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { uploadFile } from '../api/upload';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface Props<T> {
  /** The image shown now, if any. */
  url: string | null;
  /** Letter shown while there is no image. */
  fallback: string;
  label: string;
  /** Multipart endpoint and its `type` field (spec 01 §7). */
  path: string;
  type: string;
  successMessage: string;
  onUploaded: (answer: T) => void | Promise<void>;
  shape?: 'circular' | 'rounded';
  /** Without it the picture is only shown. */
  canUpload?: boolean;
}

/** Pick an image, see it at once, watch the upload's progress; a failure is shown here, not in a dialog. */
export function ImageUpload<T>({ url, fallback, label, path, type, successMessage, onUploaded, shape = 'rounded', canUpload = true }: Props<T>) {
  const { open } = useNotification();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The local preview is a blob URL: release it when it is replaced or the component goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (!ACCEPT.split(',').includes(file.type)) {
      setError('Choose a PNG, JPEG, GIF or WebP image.');
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const answer = await uploadFile<T>(path, { type }, file, setProgress);
      await onUploaded(answer);
      open?.({ type: 'success', message: successMessage });
    } catch (err) {
      setError((err as Error).message);
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar
          src={preview ?? url ?? undefined}
          variant={shape}
          alt={label}
          sx={{ width: 96, height: 96, fontSize: 40, bgcolor: 'primary.main' }}
          imgProps={{ 'data-testid': 'image-preview' } as object}
        >
          {fallback.slice(0, 1).toUpperCase()}
        </Avatar>
        {canUpload && (
          <Box>
            <input ref={input} id={inputId} type="file" accept={ACCEPT} hidden onChange={choose} aria-label={`Choose ${label.toLowerCase()} file`} />
            <Button variant="outlined" startIcon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={uploading}>
              {url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </Button>
            <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 0.5 }}>
              PNG, JPEG, GIF or WebP
            </Typography>
          </Box>
        )}
      </Stack>
      {uploading && (
        <Box sx={{ width: '100%', maxWidth: 360 }} role="status" aria-label={`Uploading ${label.toLowerCase()}`}>
          <LinearProgress variant="determinate" value={progress} />
          <Typography variant="caption" color="text.secondary">
            Uploading… {progress}%
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ alignSelf: 'stretch' }}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
