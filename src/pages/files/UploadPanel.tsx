import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';

export interface UploadEntry {
  id: string;
  name: string;
  percent: number;
  /** Set when this file was refused. */
  error?: string;
  done: boolean;
}

/** One progress bar per file being uploaded (spec 01 §9): below 100 until the server answers, then 100. */
export function UploadPanel({ entries, onDismiss }: { entries: UploadEntry[]; onDismiss: () => void }) {
  if (!entries.length) return null;
  const finished = entries.every((e) => e.done);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} aria-label="Uploads" role="region">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="subtitle2">{finished ? 'Uploads finished' : 'Uploading…'}</Typography>
        {finished && (
          <IconButton size="small" aria-label="Dismiss uploads" onClick={onDismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {entries.map((e) => (
          <Box key={e.id}>
            <Stack direction="row" justifyContent="space-between" spacing={1}>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {e.name}
              </Typography>
              <Typography variant="caption" color={e.error ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
                {e.error ?? `${e.percent}%`}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={e.percent}
              color={e.error ? 'error' : e.done ? 'success' : 'primary'}
              aria-label={`Upload of ${e.name}`}
            />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
