import { Alert, Box, CircularProgress, Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type LinkLoad<V> = { state: 'loading' } | { state: 'gone'; message: string } | { state: 'ready'; view: V };

/**
 * The frame of a page opened from a mailed link, without the app's chrome and without login: the
 * external budget review and the client's invoice and change-order decisions. It shows the loading
 * state, a link that no longer works (the server's message and nothing to press), or the page.
 */
export function PublicDocumentShell<V>({ title, load, children }: { title: string; load: LinkLoad<V>; children: (view: V) => ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      <Box component="header" sx={{ bgcolor: '#1b2433', color: '#fff', px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Typography component="p" variant="h6" fontWeight={800}>
          Fieldwork
        </Typography>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {load.state === 'loading' ? (
          <Box role="status" aria-label={`Loading ${title.toLowerCase()}`} sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
            <CircularProgress />
          </Box>
        ) : load.state === 'gone' ? (
          <Paper sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            <Alert severity="warning">{load.message}</Alert>
          </Paper>
        ) : (
          children(load.view)
        )}
      </Container>
    </Box>
  );
}

/** Label and value pairs of a document's facts (project, from, client…), two columns on every width. */
export function DocumentFacts({ facts }: { facts: Array<[string, string | null | undefined]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '96px 1fr', sm: '130px 1fr' }, gap: 0.75, m: 0 }}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
