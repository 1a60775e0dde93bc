import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { Avatar, Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';

const ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface Props {
  /** The icon the item has now. */
  url: string | null;
  /** A picked file, uploaded when the item is saved. */
  file: File | null;
  onFile: (file: File | null) => void;
  /** The current icon is to be removed on save. */
  removed: boolean;
  onRemove: (removed: boolean) => void;
  /** Upload progress in percent while saving, else null. */
  progress: number | null;
}

/** The item's icon: pick a picture, see it at once; it is uploaded with progress when the item is saved. */
export function ItemIconField({ url, file, onFile, removed, onRemove, progress }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // The preview is a blob URL: release it when the file changes or the dialog closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (!ACCEPT.includes(picked.type)) {
      setError('Choose a PNG, JPEG, GIF or WebP image.');
      return;
    }
    setError(null);
    onRemove(false);
    onFile(picked);
  };

  const shown = preview ?? (removed ? null : url);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Icon
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Avatar src={shown ?? undefined} variant="rounded" alt="Item icon" sx={{ width: 56, height: 56, bgcolor: 'action.hover', color: 'text.secondary' }}>
          <ImageOutlined />
        </Avatar>
        <input ref={input} type="file" accept={ACCEPT.join(',')} hidden onChange={choose} aria-label="Choose icon file" />
        <Button variant="outlined" size="small" startIcon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={progress !== null}>
          {shown ? 'Replace icon' : 'Choose icon'}
        </Button>
        {shown && (
          <Button
            size="small"
            color="inherit"
            disabled={progress !== null}
            onClick={() => {
              onFile(null);
              onRemove(!!url);
            }}
          >
            Remove
          </Button>
        )}
      </Stack>
      <FormHelperText error={!!error}>{error ?? (file ? `${file.name}: uploaded when you save` : 'PNG, JPEG, GIF or WebP')}</FormHelperText>
      {progress !== null && (
        <Box role="status" aria-label="Uploading icon" sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} />
          <Typography variant="caption" color="text.secondary">
            Uploading icon… {progress}%
          </Typography>
        </Box>
      )}
    </Box>
  );
}
