import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type WebhookDelivery, type WebhookDeliveryPage, type WebhookDeliveryStatus, type WebhookEvent } from '../../../../../resources/webhook';
import { apiFetch } from '../../../../api/http';

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; color: 'info' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'info' },
  succeeded: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};
const PAGE_SIZE = 10;
/** While a delivery is pending the page is asked again this often. */
const POLL_MS = 3000;

const eventLabel = (e: string) => (e === 'ping' ? 'Test ping' : (WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e));

/** An endpoint's deliveries, newest first, paged: status, answer code, time, attempts, and a resend button (for managers). */
export function WebhookDeliveries({ companyId, webhookId, canManage, refreshKey }: { companyId: number; webhookId: number; canManage: boolean; refreshKey: number }) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<WebhookDeliveryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    apiFetch<WebhookDeliveryPage>(`/companies/${companyId}/webhooks/${webhookId}/deliveries?page=${page + 1}&pageSize=${PAGE_SIZE}`, { signal: abort.signal, quiet: true })
      .then((res) => {
        setData(res.data);
        setError(null);
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setError(err.message);
      });
    return () => abort.abort();
  }, [companyId, webhookId, page, asked, refreshKey]);

  const pending = data?.items.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, data, refresh]);

  const resend = async (d: WebhookDelivery) => {
    try {
      await apiFetch(`/companies/${companyId}/webhooks/${webhookId}/deliveries/${d.id}/resend`, { method: 'POST', quiet: true });
      setPage(0);
      refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (error) return <Alert severity="error" action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>{error}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={80} />;
  if (!data.total) return <Typography color="text.secondary" sx={{ py: 1 }}>Nothing was delivered to this webhook yet.</Typography>;
  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Answer</TableCell>
              <TableCell>Time</TableCell>
              <TableCell align="right">Attempts</TableCell>
              {canManage && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((d) => (
              <TableRow key={d.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{eventLabel(d.event)}</TableCell>
                <TableCell>
                  <Tooltip describeChild title={d.error ?? ''}>
                    <Chip size="small" label={DELIVERY_STATUS[d.status].label} color={DELIVERY_STATUS[d.status].color} />
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Tooltip describeChild title={d.responseBody ?? d.error ?? ''}>
                    <span>{d.responseStatus ?? '—'}</span>
                  </Tooltip>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(d.lastAttemptAt ?? d.createdAt).toLocaleString()}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                {canManage && (
                  <TableCell align="right">
                    <Button size="small" startIcon={<ReplayIcon />} onClick={() => resend(d)} aria-label={`Resend delivery ${d.id}`}>
                      Resend
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination component="div" count={data.total} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} />
    </Box>
  );
}
