import { Alert, Button, LinearProgress, Typography } from '@mui/material';
import type { CachedRead } from '../data/cached-read';

const keptAt = (at: number) => new Date(at).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * What a read of a field screen stands at, above its rows: loading, the server's refusal (with a
 * retry), or, without a connection, how old the copy kept on the phone is, or that there is none.
 * `what` names the rows in a sentence: "the tasks".
 */
export function ReadStatus({ read, what }: { read: CachedRead<unknown>; what: string }) {
  if (read.error) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={read.reload}>Retry</Button>}>
        {`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded: ${read.error.message}`}
      </Alert>
    );
  }
  if (read.offline) {
    return read.data !== null && read.savedAt !== null ? (
      <Typography variant="body2" role="status" sx={{ fontWeight: 700, px: 2, py: 0.5 }}>
        Offline: as of {keptAt(read.savedAt)}
      </Typography>
    ) : (
      <Alert severity="warning">Offline: {what} were never loaded on this phone. They show once the connection returns.</Alert>
    );
  }
  return read.loading ? <LinearProgress aria-label={`Loading ${what}`} /> : null;
}
