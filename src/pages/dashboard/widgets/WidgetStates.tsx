import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Loaded } from './useLoaded';

export const EMPTY_FIGURES = 'No figures for these filters';

/** A widget's loading (skeleton), error (message and Retry), empty and ready states, the same for every type. */
export function WidgetStates<T>({
  loaded,
  isEmpty,
  empty = EMPTY_FIGURES,
  children,
}: {
  loaded: Loaded<T>;
  isEmpty: (data: T) => boolean;
  /** What an empty answer says. */
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  const { data, loading, error, retry } = loaded;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        {error.message || 'These figures could not be loaded.'}
      </Alert>
    );
  if (loading && data === null)
    return (
      <Stack spacing={1} role="progressbar" aria-label="Loading figures" sx={{ height: '100%' }}>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="rounded" sx={{ flex: 1, minHeight: 60 }} />
      </Stack>
    );
  if (data === null) return null;
  if (isEmpty(data))
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        <Typography color="text.secondary" role="status">
          {empty}
        </Typography>
      </Box>
    );
  return <>{children(data)}</>;
}
