import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import type { PositionState } from './useGeolocation';

/** What asking for the position gave, in words: the desk's check-in card and the phone's screens say the same. */
export function PositionLine({ state }: { state: PositionState }) {
  switch (state.kind) {
    case 'asking':
      return (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={16} />
          <Typography variant="body2">Asking for your location…</Typography>
        </Stack>
      );
    case 'got':
      return (
        <Alert severity="success" role="status">
          Location found: {state.lat.toFixed(5)}, {state.lng.toFixed(5)} (within {state.accuracy} m)
        </Alert>
      );
    case 'denied':
      return (
        <Alert severity="warning" role="status">
          Location permission was denied. You can still check in: type the address instead.
        </Alert>
      );
    case 'unavailable':
      return (
        <Alert severity="warning" role="status">
          {state.message} You can still check in: type the address instead.
        </Alert>
      );
    default:
      return null;
  }
}
