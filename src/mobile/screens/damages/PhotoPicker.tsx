import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Close from '@mui/icons-material/Close';
import { Button, IconButton, Stack, Typography } from '@mui/material';

/** Photos from the phone's camera (or its gallery), several at once; each can be taken back before saving. */
export function PhotoPicker({ photos, onChange, disabled }: { photos: File[]; onChange: (photos: File[]) => void; disabled?: boolean }) {
  return (
    <Stack spacing={1}>
      <Button component="label" variant="outlined" size="large" startIcon={<PhotoCamera />} disabled={disabled}>
        Take photos
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          onChange={(e) => {
            const taken = Array.from(e.target.files ?? []);
            // The same photo may be taken again after it was removed.
            e.target.value = '';
            if (taken.length) onChange([...photos, ...taken]);
          }}
        />
      </Button>
      {photos.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Photos to send">
          {photos.map((photo, index) => (
            <Stack key={`${photo.name}-${index}`} component="li" direction="row" alignItems="center" spacing={1}>
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{photo.name || `Photo ${index + 1}`}</Typography>
              <IconButton aria-label={`Remove ${photo.name || `photo ${index + 1}`}`} onClick={() => onChange(photos.filter((_, i) => i !== index))} disabled={disabled}>
                <Close />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
