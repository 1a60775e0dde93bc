import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { photoName, resizePhoto } from '../../photos/resize';
import type { NewPhoto } from './production-outbox';

/** The phone's camera (its library on a desktop browser); each photo is made small here before it waits to go. */
export function PhotoButton({ label, onPhotos, disabled }: { label: string; onPhotos: (photos: NewPhoto[]) => void; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const take = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const photos = await Promise.all(
        [...files].map(async (file) => {
          const blob = await resizePhoto(file);
          return { key: crypto.randomUUID(), blob, name: photoName(file.name, blob), url: URL.createObjectURL(blob) };
        }),
      );
      onPhotos(photos);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button component="label" variant="outlined" startIcon={<AddAPhotoOutlined />} disabled={disabled || busy} sx={{ flexShrink: 0 }}>
      {busy ? 'Preparing…' : 'Add photo'}
      <input
        hidden
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={label}
        onChange={(e) => {
          void take(e.target.files);
          e.target.value = '';
        }}
      />
    </Button>
  );
}
