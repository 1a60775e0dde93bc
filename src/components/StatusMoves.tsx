import { Alert, Button, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';

/**
 * A button for each status a row's state machine allows next (`primary` stands out), a toast when the
 * move is saved and the server's refusal below the buttons; the buttons wait while one move runs.
 */
export function StatusMoves<S extends string>({
  next,
  labels,
  primary,
  move,
  saved,
}: {
  next: readonly S[];
  labels: Record<S, string>;
  primary: S;
  /** Saves the move and reloads what shows it. */
  move: (status: S) => Promise<unknown>;
  saved: string;
}) {
  const { open: notify } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const run = async (status: S) => {
    setFailure(null);
    setMoving(true);
    try {
      await move(status);
      notify?.({ type: 'success', message: saved });
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setMoving(false);
    }
  };
  return (
    <>
      {next.length > 0 && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {next.map((status) => (
            <Button key={status} size="small" variant={status === primary ? 'contained' : 'outlined'} disabled={moving} onClick={() => void run(status)}>
              {labels[status]}
            </Button>
          ))}
        </Stack>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </>
  );
}
