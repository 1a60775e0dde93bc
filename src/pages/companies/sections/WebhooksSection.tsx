import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type Webhook } from '../../../../resources/webhook';
import { apiFetch } from '../../../api/http';
import type { SectionProps } from './section';
import { DELIVERY_STATUS, WebhookDeliveries } from './webhooks/WebhookDeliveries';
import { WebhookDialog } from './webhooks/WebhookDialog';

const stateOf = (w: Webhook) =>
  w.pausedAt ? { label: 'Paused', color: 'warning' as const } : w.active ? { label: 'Active', color: 'success' as const } : { label: 'Off', color: 'default' as const };

/** The secret, shown once after create or rotate, with a copy button. */
function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert severity="warning" onClose={onDone} aria-label="Signing secret">
      <Typography variant="body2" gutterBottom>
        Copy the signing secret now: it is not shown again. Your endpoint checks each delivery's Fieldwork-Signature with it.
      </Typography>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Box component="code" sx={{ wordBreak: 'break-all', fontSize: 13 }}>{secret}</Box>
        <Tooltip title={copied ? 'Copied' : 'Copy'}>
          <IconButton size="small" aria-label="Copy the secret" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Alert>
  );
}

/**
 * The company page's "Webhooks" section, for those who manage the company: endpoints that receive
 * signed JSON events (docs/webhooks.md), each with its deliveries, a test ping, secret rotation, and
 * resend of a delivery.
 */
export function WebhooksSection({ company, canManage }: SectionProps) {
  const path = `/companies/${company.id}/webhooks`;
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    apiFetch<Webhook[]>(path, { signal: abort.signal, quiet: true })
      .then((res) => {
        setHooks(res.data);
        setError(null);
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setError(err.message);
      });
    return () => abort.abort();
  }, [path, asked]);

  const act = async (what: () => Promise<void>) => {
    setActionError(null);
    try {
      await what();
    } catch (err) {
      setActionError((err as Error).message);
    }
    refresh();
  };
  const ping = (w: Webhook) =>
    act(async () => {
      await apiFetch(`${path}/${w.id}/ping`, { method: 'POST', quiet: true });
      setOpen(w.id);
    });
  const rotate = (w: Webhook) =>
    act(async () => {
      const res = await apiFetch<Webhook & { secret: string }>(`${path}/${w.id}/rotate-secret`, { method: 'POST', quiet: true });
      setSecret(res.data.secret);
    });
  const remove = (w: Webhook) =>
    act(async () => {
      setDeleting(null);
      await apiFetch(`${path}/${w.id}`, { method: 'DELETE', quiet: true });
    });

  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardHeader
        title="Webhooks"
        subheader="Send this company's events (approvals, invoices, tasks, damages…) as signed JSON to your own systems. Failed deliveries are retried for a day."
        action={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mt: 1, mr: 1 }}>
              Add webhook
            </Button>
          ) : undefined
        }
        sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center' } }}
      />
      <CardContent>
        <Stack spacing={2}>
          {secret && <SecretPanel secret={secret} onDone={() => setSecret(null)} />}
          {actionError && <Alert severity="error" onClose={() => setActionError(null)}>{actionError}</Alert>}
          {error && <Alert severity="error" action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>{error}</Alert>}
          {!hooks && !error && <Skeleton variant="rounded" height={80} />}
          {hooks && hooks.length === 0 && <Typography color="text.secondary">No webhooks yet. Add one to send events to your systems.</Typography>}
          {hooks?.map((w) => {
            const state = stateOf(w);
            return (
              <Paper key={w.id} variant="outlined" sx={{ p: 2 }} aria-label={`Webhook ${w.url}`}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{w.url}</Typography>
                    {w.description && <Typography variant="body2" color="text.secondary">{w.description}</Typography>}
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                    <Chip size="small" label={state.label} color={state.color} />
                    {w.lastDelivery && <Chip size="small" variant="outlined" label={`Last: ${DELIVERY_STATUS[w.lastDelivery.status].label}${w.lastDelivery.responseStatus ? ` (${w.lastDelivery.responseStatus})` : ''}`} color={DELIVERY_STATUS[w.lastDelivery.status].color} />}
                  </Stack>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
                </Typography>
                {w.pausedAt && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    Paused on {new Date(w.pausedAt).toLocaleString()}: its deliveries failed for a day. Fix the endpoint, then edit the webhook and turn it on to resume.
                  </Alert>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                  <Button size="small" onClick={() => setOpen(open === w.id ? null : w.id)} aria-expanded={open === w.id}>
                    {open === w.id ? 'Hide deliveries' : 'Deliveries'}
                  </Button>
                  {canManage && (
                    <>
                      <Button size="small" onClick={() => setEditing(w)}>Edit</Button>
                      <Button size="small" onClick={() => ping(w)}>Send test</Button>
                      <Button size="small" onClick={() => rotate(w)}>New secret</Button>
                      <Button size="small" color="error" onClick={() => setDeleting(w)}>Delete</Button>
                    </>
                  )}
                </Stack>
                {open === w.id && (
                  <Box sx={{ mt: 1 }}>
                    <WebhookDeliveries companyId={company.id} webhookId={w.id} canManage={canManage} refreshKey={asked} />
                  </Box>
                )}
              </Paper>
            );
          })}
        </Stack>
      </CardContent>
      {editing && (
        <WebhookDialog
          companyId={company.id}
          webhook={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved?.secret) setSecret(saved.secret);
            if (saved) refresh();
          }}
        />
      )}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)}>
          <DialogTitle>Delete webhook?</DialogTitle>
          <DialogContent>
            <DialogContentText>{deleting.url} stops receiving events, and its deliveries are removed.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button color="error" variant="contained" onClick={() => remove(deleting)}>Delete</Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}
