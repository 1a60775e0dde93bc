import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { holds, RESOURCE_TYPES, type AccessProfile } from '../../../../permissions';
import type { ApiTokenCreated } from '../../../../resources/api-token';
import { apiFetch } from '../../../api/http';
import { rowLabel } from '../../roles/permission-matrix';

type Action = 'view' | 'manage';

/** The end of the chosen day, in the browser's zone, as the instant the API takes. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/**
 * "New API token": a name, the permissions it carries (only what the creator holds: the matrix lists
 * the resource types they hold, manage only where they manage), an optional expiry day and project.
 * Once created, the secret is shown here once with a copy button; closing forgets it.
 */
export function ApiTokenDialog({ companyId, creator, onClose }: { companyId: number; creator: AccessProfile; onClose: (created: boolean) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Record<string, Action | undefined>>({});
  const [expiry, setExpiry] = useState('');
  const [projectId, setProjectId] = useState<number | ''>('');
  const [projects, setProjects] = useState<Array<{ id: number; projectName: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const rows = RESOURCE_TYPES.filter((type) => holds(creator, `${type}:view`));
  useEffect(() => {
    if (!holds(creator, 'projects:view')) return;
    apiFetch<Array<{ id: number; projectName: string }>>(`/companies/${companyId}/projects/all?_start=0&_end=200&_sort=projectName&_order=asc`, { quiet: true })
      .then((res) => setProjects(res.data))
      .catch(() => setProjects([]));
  }, [companyId, creator]);

  const toggle = (type: string, action: Action) =>
    setChosen((c) => {
      const now = c[type];
      // Manage includes view: unticking view drops manage too; ticking manage ticks view.
      const next: Action | undefined = action === 'manage' ? (now === 'manage' ? 'view' : 'manage') : now ? undefined : 'view';
      return { ...c, [type]: next };
    });

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const permissions = Object.entries(chosen).flatMap(([resourceType, action]) => (action ? [{ resourceType, action }] : []));
      const res = await apiFetch<ApiTokenCreated>(`/companies/${companyId}/api-tokens`, {
        method: 'POST',
        quiet: true,
        body: { name, permissions, expiresAt: expiry ? endOfDay(expiry) : null, projectId: projectId === '' ? null : projectId },
      });
      setCreated(res.data);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created.secret).catch(() => undefined);
    setCopied(true);
  };

  if (created) {
    return (
      <Dialog open fullScreen={phone} maxWidth="sm" fullWidth onClose={() => onClose(true)}>
        <DialogTitle>Token "{created.name}" created</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">Copy the secret now: it will not be shown again.</Alert>
            <TextField
              label="Secret"
              value={created.secret}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Token secret', style: { fontFamily: 'monospace' } } }}
              onFocus={(e) => e.target.select()}
            />
            <Typography variant="body2" color="text.secondary">
              Send it as <code>Authorization: Bearer &lt;secret&gt;</code> with each call to the API.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopyIcon />} onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="contained" onClick={() => onClose(true)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const none = !Object.values(chosen).some(Boolean);
  return (
    <Dialog open fullScreen={phone} maxWidth="sm" fullWidth onClose={() => onClose(false)}>
      <DialogTitle>New API token</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required autoFocus helperText="Says what uses it, e.g. Accounting sync" />
          <Typography variant="subtitle2">Permissions (at most yours)</Typography>
          <Table size="small" aria-label="Token permissions">
            <TableHead>
              <TableRow>
                <TableCell>Resource</TableCell>
                <TableCell align="center">View</TableCell>
                <TableCell align="center">Manage</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((type) => (
                <TableRow key={type}>
                  <TableCell>{rowLabel(type)}</TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Checkbox checked={!!chosen[type]} onChange={() => toggle(type, 'view')} slotProps={{ input: { 'aria-label': `${rowLabel(type)}: view` } }} />
                  </TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Checkbox
                      checked={chosen[type] === 'manage'}
                      disabled={!holds(creator, `${type}:manage`)}
                      onChange={() => toggle(type, 'manage')}
                      slotProps={{ input: { 'aria-label': `${rowLabel(type)}: manage` } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TextField label="Expires after" type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText="Leave empty for a token that lasts until revoked" />
          <TextField select label="Project" value={projectId} onChange={(e) => setProjectId(e.target.value === '' ? '' : Number(e.target.value))} helperText="Limit the token to one project's calls">
            <MenuItem value="">The whole company</MenuItem>
            {projects.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.projectName}
              </MenuItem>
            ))}
          </TextField>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={saving || !name.trim() || none}>
          Create token
        </Button>
      </DialogActions>
    </Dialog>
  );
}
