import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormLabel, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../../../../../resources/webhook';
import { apiFetch } from '../../../../api/http';

/** Create (no `webhook`) or edit an endpoint: URL, description, events, active. Answers the saved endpoint (with its secret on create). */
export function WebhookDialog({ companyId, webhook, onClose }: { companyId: number; webhook: Webhook | null; onClose: (saved: (Webhook & { secret?: string }) | null) => void }) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (e: WebhookEvent) => setEvents((list) => (list.includes(e) ? list.filter((x) => x !== e) : [...list, e]));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = { url: url.trim(), description: description.trim() || null, events: WEBHOOK_EVENTS.filter((e) => events.includes(e)), active };
      const res = webhook
        ? await apiFetch<Webhook>(`/companies/${companyId}/webhooks/${webhook.id}`, { method: 'PATCH', body, quiet: true })
        : await apiFetch<Webhook & { secret: string }>(`/companies/${companyId}/webhooks`, { method: 'POST', body, quiet: true });
      onClose(res.data);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="sm">
      <DialogTitle>{webhook ? 'Edit webhook' : 'Add webhook'}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <TextField label="Endpoint URL" value={url} onChange={(e) => setUrl(e.target.value)} fullWidth margin="normal" required placeholder="https://example.com/fieldwork-events" helperText="Must use https; each delivery is signed (Fieldwork-Signature header)." />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} fullWidth margin="normal" inputProps={{ maxLength: 200 }} />
        <FormLabel component="legend" sx={{ mt: 2 }}>Events</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENTS.map((e) => (
            <FormControlLabel key={e} control={<Checkbox checked={events.includes(e)} onChange={() => toggle(e)} size="small" />} label={WEBHOOK_EVENT_LABELS[e]} />
          ))}
        </FormGroup>
        <FormControlLabel sx={{ mt: 1 }} control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={webhook?.pausedAt ? 'Active (resumes the paused webhook)' : 'Active'} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving || !url.trim() || !events.length}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
