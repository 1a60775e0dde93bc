import Place from '@mui/icons-material/Place';
import WbCloudy from '@mui/icons-material/WbCloudy';
import { Alert, Card, FormControlLabel, List, ListItemButton, MenuItem, Skeleton, Stack, Switch, TablePagination, TextField, Typography } from '@mui/material';
import { useList, type CrudFilter } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOG_STATUSES, weatherText, type Log } from '../../../resources/log';
import { useSession } from '../../session/useSession';
import { formatDay } from '../productions/production-status';
import { LogStatusChip, LOGS_PATH } from './log-parts';

const PAGE_SIZE = 20;

function where(log: Log): string | null {
  if (log.address) return log.address;
  return log.lat === null || log.lng === null ? null : `${log.lat.toFixed(5)}, ${log.lng.toFixed(5)}`;
}

function LogRow({ log, onOpen }: { log: Log; onOpen: () => void }) {
  const place = where(log);
  return (
    <ListItemButton divider onClick={onOpen} sx={{ alignItems: 'flex-start', py: 1.5 }}>
      <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
          <Typography fontWeight={600}>{formatDay(log.date)}</Typography>
          <LogStatusChip status={log.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[log.userName, log.projectName, log.crewName].filter(Boolean).join(' · ') || 'No project or crew'}
        </Typography>
        {log.description && (
          <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {log.description}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }}>
          {place && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Place fontSize="inherit" aria-hidden /> {place}
            </Typography>
          )}
          {log.weather && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WbCloudy fontSize="inherit" aria-hidden /> {weatherText(log.weather)}
            </Typography>
          )}
        </Stack>
      </Stack>
    </ListItemButton>
  );
}

/** The company's logs, newest day first, as a list that reads on a phone as well as at a desk; a row opens its detail. */
export function LogList() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState('');
  const [mine, setMine] = useState(false);
  const filters: CrudFilter[] = [
    ...(status ? [{ field: 'status', operator: 'eq' as const, value: status }] : []),
    ...(mine && user ? [{ field: 'userId', operator: 'eq' as const, value: user.id }] : []),
  ];
  const { result, query } = useList<Log>({
    resource: 'logs',
    meta: { path: LOGS_PATH },
    pagination: { currentPage: page + 1, pageSize: PAGE_SIZE },
    sorters: [{ field: 'date', order: 'desc' }],
    filters,
  });
  const change = (fn: () => void) => {
    fn();
    setPage(0);
  };

  return (
    <Stack spacing={1.5} component="section" aria-label="Logs">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Logs
        </Typography>
        <FormControlLabel control={<Switch checked={mine} onChange={(e) => change(() => setMine(e.target.checked))} />} label="Mine only" />
        <TextField select size="small" label="Status" value={status} onChange={(e) => change(() => setStatus(e.target.value))} sx={{ minWidth: 150 }}>
          <MenuItem value="">Any status</MenuItem>
          {LOG_STATUSES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isError && <Alert severity="error">The logs could not be loaded. {query.error?.message}</Alert>}
      <Card>
        {query.isLoading ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            <Skeleton variant="rounded" height={64} />
            <Skeleton variant="rounded" height={64} />
          </Stack>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {filters.length ? 'No logs match these filters.' : 'No logs yet. Check in above to write the first.'}
          </Typography>
        ) : (
          <List disablePadding>
            {result.data.map((log) => (
              <LogRow key={log.id} log={log} onOpen={() => navigate(`/logs/${log.id}`)} />
            ))}
          </List>
        )}
        <TablePagination
          component="div"
          count={result.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
        />
      </Card>
    </Stack>
  );
}
