import Close from '@mui/icons-material/Close';
import { Alert, Box, Button, Drawer, IconButton, MenuItem, Skeleton, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useInvalidate, useNotification, useOne } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { LOG_STATUSES, LOG_SUCCESS, LOG_TRANSITIONS, logMove, weatherText, type Log, type LogStatus } from '../../../resources/log';
import { apiFetch, type ApiError } from '../../api/http';
import { ActivityList } from '../../components/ActivityList';
import { formatDay } from '../productions/production-status';
import { LogStatusChip, LOGS_PATH } from './log-parts';

/** The statuses this person may move the log to from where it stands (the state machine of resources/log.ts). */
function reachable(log: Log): LogStatus[] {
  return LOG_STATUSES.map((s) => s.value).filter((to) => {
    if (to === log.status) return true;
    const move = logMove(log.status, to);
    return !!move && (log.canReview || (!LOG_TRANSITIONS[move].reviewerOnly && !!log.canEdit));
  });
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{children}</Typography>
    </Box>
  );
}

function LogForm({ log }: { log: Log }) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const [status, setStatus] = useState<LogStatus>(log.status);
  const [description, setDescription] = useState(log.description ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setStatus(log.status);
    setDescription(log.description ?? '');
  }, [log]);
  const options = reachable(log);
  const editable = !!log.canEdit;
  const changed = status !== log.status || description !== (log.description ?? '');

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const body = { ...(status !== log.status && { status }), ...(description !== (log.description ?? '') && { description }) };
      await apiFetch<Log>(`${LOGS_PATH}/${log.id}`, { method: 'PATCH', body, quiet: true });
      notify?.({ type: 'success', message: LOG_SUCCESS.saved });
      await invalidate({ resource: 'logs', invalidates: ['list', 'detail'], id: log.id });
      await invalidate({ resource: 'activity', invalidates: ['list'] });
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save}>
      <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value as LogStatus)} disabled={options.length < 2}>
        {LOG_STATUSES.filter((s) => options.includes(s.value)).map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Description"
        multiline
        minRows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        disabled={!editable}
        helperText={editable ? undefined : log.status === 'reviewed' ? 'A reviewed log is reopened before it changes.' : 'Only its author or a reviewer changes this log.'}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={!changed || saving} sx={{ alignSelf: 'flex-start' }}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </Stack>
  );
}

/** One log (logs/:logId): what was recorded, its status and description to change, and its activity. Full width on a phone. */
export function LogDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { result: log, query } = useOne<Log>({ resource: 'logs', id, meta: { path: LOGS_PATH, itemPath: `${LOGS_PATH}/:id` }, errorNotification: false });
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: phone ? '100%' : 440, p: 2 } } }}>
      <Stack spacing={2} role="region" aria-label="Log">
        <Stack direction="row" alignItems="center" justifyContent="space-between">
          <Typography variant="h6" component="h2">
            {log ? `Log of ${formatDay(log.date)}` : 'Log'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {query.isLoading && <Skeleton variant="rounded" height={200} />}
        {query.isError && <Alert severity="error">This log could not be loaded. {query.error?.message}</Alert>}
        {log && (
          <>
            <Stack direction="row" spacing={1} alignItems="center">
              <LogStatusChip status={log.status} />
              <Typography variant="body2" color="text.secondary">
                by {log.userName ?? 'a former member'}
              </Typography>
            </Stack>
            <Detail label="Project">{log.projectName ? `${log.projectCode} · ${log.projectName}` : '—'}</Detail>
            <Detail label="Crew">{log.crewName ?? '—'}</Detail>
            <Detail label="Where">{[log.address, log.lat !== null && log.lng !== null ? `${log.lat.toFixed(5)}, ${log.lng.toFixed(5)}` : null].filter(Boolean).join(' · ') || '—'}</Detail>
            {log.weather && <Detail label="Weather at check-in">{weatherText(log.weather)}</Detail>}
            <LogForm log={log} />
            <Typography variant="subtitle2" component="h3">
              Activity
            </Typography>
            <ActivityList path={`${LOGS_PATH}/${log.id}/activity`} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
