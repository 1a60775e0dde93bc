import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A write the server did not accept: what it said, and the way to the Waiting tab to retry or discard it. */
export function RefusedNotice({ message }: { message: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to="/outbox" color="inherit">
          Open Waiting
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
