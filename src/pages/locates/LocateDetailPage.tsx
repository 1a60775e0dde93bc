import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useInvalidate, useNotification, useOne } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LOCATE_STATUSES, LOCATE_SUCCESS, locateMove, locates, type LocateDetail, type LocateResponse, type LocateStatus } from '../../../resources/locate';
import { apiFetch, type ApiError } from '../../api/http';
import { ActivityList } from '../../components/ActivityList';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { formatDay } from '../productions/production-status';
import { ExpiryChip, LOCATE_PATHS, LocateStatusChip, ResponseStatusChip } from './locate-parts';
import { LocateFormDialog } from './LocateFormDialog';
import { ResponseDialog } from './ResponseDialog';

const MOVE_LABEL: Record<string, string> = { ready: 'Mark ready to dig', unready: 'Back to open', close: 'Close ticket', reopen: 'Reopen' };

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** locates/:locateId: the ticket, its status moves, the utilities' responses (added and edited by locate managers) and its activity. */
export function LocateDetailPage() {
  const { locateId = '' } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { meta } = useResource(locates);
  const { result: locate, query } = useOne<LocateDetail>({ resource: 'locates', id: locateId, meta, errorNotification: false });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [response, setResponse] = useState<LocateResponse | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async () => {
    await invalidate({ resource: 'locates', invalidates: ['list', 'detail'], id: locateId });
    await invalidate({ resource: 'activity', invalidates: ['list'] });
  };
  const call = async (path: string, method: string, body?: unknown) => {
    setFailure(null);
    try {
      await apiFetch(path, { method, body, quiet: true });
      notify?.({ type: 'success', message: LOCATE_SUCCESS.saved });
      await refresh();
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  };

  if (query.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (query.isError || !locate) return <Alert severity="error">This locate ticket could not be found.</Alert>;
  const moves = LOCATE_STATUSES.map((s) => s.value).filter((to) => to !== locate.status && locateMove(locate.status, to) !== null) as LocateStatus[];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button component={RouterLink} to="/locates" startIcon={<ArrowBack />}>
          Locates
        </Button>
        <Box sx={{ flex: 1 }} />
        {locate.canManage && (
          <>
            {moves.map((to) => (
              <Button key={to} variant="outlined" onClick={() => call(LOCATE_PATHS.item(locate.id), 'PATCH', { status: to })}>
                {MOVE_LABEL[locateMove(locate.status, to)!]}
              </Button>
            ))}
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} disabled={locate.status === 'closed'}>
              Edit
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader
                title={`Ticket ${locate.ticketNumber}`}
                subheader={
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    <LocateStatusChip status={locate.status} />
                    <ExpiryChip expiresOn={locate.expiresOn} status={locate.status} />
                  </Stack>
                }
              />
              <CardContent>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}>
                  <Field label="Project" value={`${locate.projectCode} · ${locate.projectName}`} />
                  <Field label="Client" value={locate.clientName} />
                  <Field label="Work site" value={[locate.address, locate.city, locate.state].filter(Boolean).join(', ')} />
                  <Field label="Position" value={locate.lat !== null && locate.lng !== null ? `${locate.lat.toFixed(5)}, ${locate.lng.toFixed(5)}` : null} />
                  <Field label="Dig start" value={formatDay(locate.digStartDate)} />
                  <Field label="Expires on" value={formatDay(locate.expiresOn)} />
                  <Field label="Notes" value={locate.description} />
                </Box>
              </CardContent>
            </Card>
            <Card component="section" aria-labelledby="responses-title">
              <CardHeader
                title={<span id="responses-title">Responses</span>}
                action={
                  locate.canManage && locate.status !== 'closed' ? (
                    <Button startIcon={<Add />} onClick={() => setResponse('new')}>
                      Add response
                    </Button>
                  ) : null
                }
              />
              {locate.responses.length === 0 ? (
                <CardContent>
                  <Typography color="text.secondary">No utility has responded yet.</Typography>
                </CardContent>
              ) : (
                <TableContainer>
                  <Table size="small" aria-labelledby="responses-title">
                    <TableHead>
                      <TableRow>
                        <TableCell>Utility</TableCell>
                        <TableCell>Response</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Responded</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Note</TableCell>
                        {locate.canManage && <TableCell align="right">Actions</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {locate.responses.map((r) => (
                        <TableRow key={r.id}>
                          <TableCell>{r.utilityName}</TableCell>
                          <TableCell>
                            <ResponseStatusChip status={r.status} />
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.respondedAt ? new Date(r.respondedAt).toLocaleString() : '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.note ?? ''}</TableCell>
                          {locate.canManage && (
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              <IconButton aria-label={`Edit response of ${r.utilityName}`} onClick={() => setResponse(r)} disabled={locate.status === 'closed'}>
                                <EditOutlined fontSize="small" />
                              </IconButton>
                              <IconButton aria-label={`Remove response of ${r.utilityName}`} onClick={() => call(LOCATE_PATHS.response(locate.id, r.id), 'DELETE')} disabled={locate.status === 'closed'}>
                                <DeleteOutline fontSize="small" />
                              </IconButton>
                            </TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card>
            <CardHeader title="Activity" />
            <CardContent>
              <ActivityList path={LOCATE_PATHS.activity(locate.id)} paged />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {editing && <LocateFormDialog locate={locate} onClose={() => setEditing(false)} />}
      {response && (
        <ResponseDialog
          locateId={locate.id}
          response={response === 'new' ? undefined : response}
          onClose={async (saved) => {
            setResponse(null);
            if (saved) {
              notify?.({ type: 'success', message: LOCATE_SUCCESS.saved });
              await refresh();
            }
          }}
        />
      )}
      {deleting && <ConfirmDeleteDialog def={locates} meta={meta} row={locate as unknown as Record<string, unknown>} onClose={(deleted) => (deleted ? navigate('/locates') : setDeleting(false))} />}
    </Stack>
  );
}
