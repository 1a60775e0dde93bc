import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useOutbox } from '../../../offline/use-outbox';
import { lastKeptAt } from '../../data/kept-at';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { VersionsCompare } from './VersionsCompare';

const STATE_WORDS: Record<OutboxEntry['state'], { label: string; color: 'default' | 'info' | 'error' | 'warning' }> = {
  waiting: { label: 'Waiting', color: 'default' },
  sending: { label: 'Sending…', color: 'info' },
  failed: { label: 'Not accepted', color: 'error' },
  conflict: { label: 'Changed meanwhile', color: 'warning' },
};

const time = (at: number) => new Date(at).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function EntryCard({ entry, onRetry, onDiscard }: { entry: OutboxEntry; onRetry: () => void; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const state = STATE_WORDS[entry.state];
  return (
    <Card variant="outlined" component="li" aria-label={entry.label} sx={{ listStyle: 'none', borderWidth: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
          <Typography variant="h3" component="h2">
            {entry.label}
          </Typography>
          <Chip label={state.label} color={state.color} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Saved {time(entry.createdAt)}
          {entry.attempts > 0 && ` · ${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'}`}
          {entry.state === 'waiting' && entry.attempts > 0 && ` · next ${time(entry.nextAttemptAt)}`}
        </Typography>
        {entry.lastError && <Alert severity={entry.state === 'waiting' ? 'info' : 'error'}>{entry.lastError}</Alert>}
        {entry.state === 'conflict' && <VersionsCompare entry={entry} />}
        {confirming ? (
          <Stack direction="row" spacing={1}>
            <Button color="error" variant="contained" onClick={onDiscard} sx={{ flex: 1 }}>
              Discard it
            </Button>
            <Button variant="outlined" onClick={() => setConfirming(false)} sx={{ flex: 1 }}>
              Keep it
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={onRetry} disabled={entry.state === 'sending'} sx={{ flex: 1 }}>
              {entry.state === 'waiting' ? 'Send now' : 'Try again'}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)} disabled={entry.state === 'sending'} sx={{ flex: 1 }}>
              Discard
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** When the projects, boards and productions were last kept on the phone for a site without signal. */
function KeptLine() {
  const at = lastKeptAt();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {at ? `Your projects and productions are kept on this phone for use without signal (as of ${time(at)}).` : 'Open the app once with a connection to keep your projects on this phone.'}
    </Typography>
  );
}

/** What was saved on this phone and has not reached the server yet, oldest first, as it will be sent. */
export default function OutboxScreen() {
  const { entries, retry, discard } = useOutbox();
  return (
    <>
      <ScreenHeader title="Waiting to send" />
      <Box sx={{ p: 2 }}>
        <KeptLine />
        {entries.length === 0 ? (
          <Stack alignItems="center" spacing={1} sx={{ py: 6, textAlign: 'center' }}>
            <CloudDoneOutlined sx={{ fontSize: 56 }} color="success" aria-hidden />
            <Typography variant="h2" component="p">
              Everything is sent
            </Typography>
            <Typography color="text.secondary">What you save without a connection waits here until it reaches the office.</Typography>
          </Stack>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Waiting to send">
            {entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} onRetry={() => void retry(entry.id)} onDiscard={() => void discard(entry.id)} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
