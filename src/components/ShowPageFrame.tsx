import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ApiError } from '../api/http';

/** The notice of a row that did not load: missing (404, or no answer yet) or failed with the server's message. */
export const missingRowText = (error: ApiError | null, what: string) =>
  error && error.statusCode !== 404 ? `The ${what} could not be loaded. ${error.message}` : `This ${what} could not be found.`;

interface ShowPageFrameProps<T> {
  /** The list this row belongs to, linked back from the top left. */
  backTo: string;
  backLabel: string;
  loading: boolean;
  /** Undefined when the row failed to load or is not shown here. */
  row: T | undefined;
  notFound: string;
  /** Buttons at the top right, e.g. Edit and Delete for those who manage the row. */
  actions?: ReactNode;
  children: (row: T) => ReactNode;
}

/** One row's page: a link back to its list, its actions, and its body; a skeleton while loading and a notice when it is missing. */
export function ShowPageFrame<T>({ backTo, backLabel, loading, row, notFound, actions, children }: ShowPageFrameProps<T>) {
  const back = (
    <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />}>
      {backLabel}
    </Button>
  );
  if (loading) return <Skeleton variant="rounded" height={240} />;
  if (row === undefined) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        {back}
        <Alert severity="error">{notFound}</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        {back}
        <Box sx={{ flex: 1 }} />
        {actions}
      </Stack>
      {children(row)}
    </Stack>
  );
}
