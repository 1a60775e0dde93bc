import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { AccessProfile } from '../../../../permissions';
import { describeTokenPermissions, type ApiToken, type ApiTokenStatus } from '../../../../resources/api-token';
import { apiFetch } from '../../../api/http';
import { rowLabel } from '../../roles/permission-matrix';
import { ApiTokenDialog } from './ApiTokenDialog';

const STATUS: Record<ApiTokenStatus, { label: string; color: 'success' | 'default' | 'error' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  revoked: { label: 'Revoked', color: 'error' },
};
const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

/**
 * The company page's "API tokens" section, for those holding integrations:manage there (the page
 * lists it for no one else): the tokens with their permissions, project, expiry, last use, creator
 * and status; a new token; revoking one.
 */
export function ApiTokensSection({ companyId, creator }: { companyId: number; creator: AccessProfile }) {
  const path = `/companies/${companyId}/api-tokens`;
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    apiFetch<ApiToken[]>(path, { signal: abort.signal, quiet: true })
      .then((res) => {
        setTokens(res.data);
        setLoadError(null);
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setLoadError(err.message);
      });
    return () => abort.abort();
  }, [path, asked]);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await apiFetch(`${path}/${revoking.id}`, { method: 'DELETE', quiet: true });
      setRevoking(null);
      refresh();
    } catch (err) {
      setRevokeError((err as Error).message);
    }
  };

  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardHeader
        title="API tokens"
        subheader="Tokens let other software call this company's API with the permissions you give them. A token never changes passwords, tokens or members."
      />
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New API token
            </Button>
          </Box>
          {loadError && (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>
              {loadError}
            </Alert>
          )}
          {!tokens && !loadError && <Skeleton variant="rounded" height={60} />}
          {tokens && tokens.length === 0 && <Typography color="text.secondary">This company has no API tokens yet.</Typography>}
          {tokens && tokens.length > 0 && (
            <List disablePadding aria-label="API tokens">
              {tokens.map((t) => (
                <ListItem
                  key={t.id}
                  divider
                  sx={{ pr: t.status === 'active' ? 12 : 2 }}
                  secondaryAction={
                    t.status === 'active' ? (
                      <Button color="error" size="small" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                        Revoke
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={
                      <>
                        {t.name} <Chip size="small" label={STATUS[t.status].label} color={STATUS[t.status].color} sx={{ ml: 1 }} />
                      </>
                    }
                    secondary={
                      <>
                        <span>{describeTokenPermissions(t.permissions, rowLabel)}</span>
                        <br />
                        <span>
                          {[
                            t.hint + '…',
                            t.project ? `project ${t.project.name}` : 'whole company',
                            `expires ${when(t.expiresAt, 'never')}`,
                            `last used ${when(t.lastUsedAt, 'never')}`,
                            t.createdBy ? `by ${t.createdBy.name}` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
      {creating && (
        <ApiTokenDialog
          companyId={companyId}
          creator={creator}
          onClose={(created) => {
            setCreating(false);
            if (created) refresh();
          }}
        />
      )}
      {revoking && (
        <Dialog open onClose={() => setRevoking(null)}>
          <DialogTitle>Revoke "{revoking.name}"?</DialogTitle>
          <DialogContent>
            <DialogContentText>Anything using this token is refused from its next call. This cannot be undone.</DialogContentText>
            {revokeError && <Alert severity="error">{revokeError}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRevoking(null)}>Cancel</Button>
            <Button color="error" variant="contained" onClick={revoke}>
              Revoke
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}
