import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { weatherText, type Log } from '../../../../resources/log';
import { useOutbox } from '../../../offline/use-outbox';
import { useCachedRead } from '../../data/cached-read';
import { phoneDay } from '../../fields/phone-day';
import { useMobileSession } from '../../session';
import { ReadStatus } from '../../shell/ReadStatus';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/** The person's check-ins of today (kept for offline), with those still waiting on the phone first. */
export function TodaysCheckIns({ reloadWhen }: { reloadWhen: string | null }) {
  const { user } = useMobileSession();
  const logs = useCachedRead<Log[]>(`/logs?userId=${user.id}&date=${phoneDay()}&_sort=createdAt&_order=desc&_end=50`);
  const waiting = useOutbox().entries.filter((e) => e.method === 'POST' && e.path === '/logs');
  const { reload } = logs;
  useEffect(() => {
    if (reloadWhen) reload();
  }, [reloadWhen, reload]);

  const empty = !logs.loading && !logs.error && waiting.length === 0 && (logs.data?.length ?? 0) === 0;
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="todays-check-ins">
      <Typography id="todays-check-ins" variant="h2">
        Today&apos;s check-ins
      </Typography>
      <ReadStatus read={logs} what="today's check-ins" />
      {empty && <Typography color="text.secondary">No check-in yet today.</Typography>}
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Today's check-ins">
        {waiting.map((entry) => (
          <Card key={entry.id} component="li" variant="outlined" sx={{ borderWidth: 2 }}>
            <CardContent>
              <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
                <Typography variant="h3" component="p">
                  {entry.label}
                </Typography>
                <Chip label={entry.state === 'failed' || entry.state === 'conflict' ? 'Not accepted' : 'Waiting to send'} color={entry.state === 'failed' || entry.state === 'conflict' ? 'error' : 'default'} />
              </Stack>
            </CardContent>
          </Card>
        ))}
        {(logs.data ?? []).map((log) => (
          <Card key={log.id} component="li" variant="outlined" sx={{ borderWidth: 2 }}>
            <CardContent sx={{ display: 'grid', gap: 0.5 }}>
              <Typography variant="h3" component="p">
                {time(log.createdAt)} · {log.projectName ?? 'No project'}
              </Typography>
              {log.crewName && <Typography variant="body2">{log.crewName}</Typography>}
              {log.description && <Typography>{log.description}</Typography>}
              {log.address && <Typography variant="body2">{log.address}</Typography>}
              {log.weather && <Typography variant="body2">Weather: {weatherText(log.weather)}</Typography>}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
