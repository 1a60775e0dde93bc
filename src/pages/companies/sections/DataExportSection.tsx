import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, LinearProgress, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { EXPORT_DAYS, type CompanyExport, type CompanyExportStatus } from '../../../../resources/company-export';
import { apiFetch } from '../../../api/http';
import { useLiveRefresh } from '../../../realtime/useLiveRefresh';
import type { SectionProps } from './section';

/** While an export runs the list is asked again this often, besides the live events that say it moved. */
const EXPORT_POLL_MS = 2000;

const STATUS_LABELS: Record<CompanyExportStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  queued: { label: 'Waiting', color: 'info' },
  running: { label: 'Exporting', color: 'info' },
  done: { label: 'Ready', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  expired: { label: 'Expired', color: 'default' },
};

const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The company page's "Export data" section, for those who manage the company (the page lists it for
 * no one else): starts an export of all the company's data, follows it to its download link, and lists
 * the recent ones.
 */
export function DataExportSection({ company }: SectionProps) {
  const path = `/companies/${company.id}/exports`;
  const [exports, setExports] = useState<CompanyExport[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  useLiveRefresh('companies', company.id, refresh, ['company-exports']);

  useEffect(() => {
    const abort = new AbortController();
    apiFetch<CompanyExport[]>(path, { signal: abort.signal, quiet: true })
      .then((res) => {
        setExports(res.data);
        setLoadError(null);
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setLoadError(err.message);
      });
    return () => abort.abort();
  }, [path, asked]);

  const active = exports?.find((e) => e.status === 'queued' || e.status === 'running') ?? null;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(refresh, EXPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [active, exports, refresh]);

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const res = await apiFetch<CompanyExport>(path, { method: 'POST', quiet: true });
      setExports((list) => [res.data, ...(list ?? [])]);
    } catch (err) {
      setStartError((err as Error).message);
      refresh();
    } finally {
      setStarting(false);
    }
  };

  const latest = exports?.[0] ?? null;
  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardHeader
        title="Export company data"
        subheader={`A zip of all of this company's data: one JSON file per kind of record, its files, and a manifest. It can be downloaded for ${EXPORT_DAYS} days.`}
      />
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={start} disabled={starting || !!active || !exports}>
              Export company data
            </Button>
          </Box>
          {startError && <Alert severity="error">{startError}</Alert>}
          {loadError && (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>
              {loadError}
            </Alert>
          )}
          {!exports && !loadError && <Skeleton variant="rounded" height={60} />}
          {active && (
            <Box aria-label="Export progress">
              <Typography variant="body2" gutterBottom>
                {active.status === 'queued' ? 'Waiting to start…' : `Exporting… ${active.percent} %`}
              </Typography>
              <LinearProgress variant={active.status === 'queued' ? 'indeterminate' : 'determinate'} value={active.percent} aria-label="Exported" />
            </Box>
          )}
          {latest?.status === 'done' && latest.downloadUrl && (
            <Alert severity="success" action={<Button color="inherit" href={latest.downloadUrl} startIcon={<DownloadIcon />}>Download</Button>}>
              The export of {when(latest.createdAt)} is ready ({size(latest.size)}).
            </Alert>
          )}
          {latest?.status === 'failed' && <Alert severity="error">{latest.error ?? 'The export failed.'}</Alert>}
          {exports && exports.length === 0 && <Typography color="text.secondary">This company's data has not been exported yet.</Typography>}
          {exports && exports.length > 0 && (
            <List disablePadding aria-label="Recent exports">
              {exports.map((e) => (
                <ListItem
                  key={e.id}
                  divider
                  // The action is a worded button, wider than the icon the default padding leaves room for.
                  sx={e.downloadUrl ? { pr: 13 } : undefined}
                  secondaryAction={
                    e.downloadUrl ? (
                      <Button href={e.downloadUrl} size="small" aria-label={`Download the export of ${when(e.createdAt)}`}>
                        Download
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={
                      <>
                        {when(e.createdAt)} <Chip size="small" label={STATUS_LABELS[e.status].label} color={STATUS_LABELS[e.status].color} sx={{ ml: 1 }} />
                      </>
                    }
                    secondary={[e.requestedBy ? `by ${e.requestedBy.name}` : null, size(e.size) || null, e.status === 'done' && e.expiresAt ? `until ${when(e.expiresAt)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
