import { Alert, Button, Card, CardContent, CardHeader, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { DASHBOARD_MESSAGES, type Dashboard } from '../../../../resources/dashboard';
import { dashboardApi, publicLinkOf } from '../../dashboard/dashboard-api';
import { REVOKE_QUESTION } from '../../dashboard/PublicLinkDialog';
import { useLoaded } from '../../dashboard/widgets/useLoaded';
import { ConfirmDialog } from '../../productions/ProductionDialogs';

/** The company's live public dashboard links (projects:manage), each revocable here. */
export function PublicDashboardsSection() {
  const { open: notify } = useNotification();
  const loaded = useLoaded((signal) => dashboardApi.publications(signal), 'publications');
  const [revoking, setRevoking] = useState<Dashboard | null>(null);
  const rows = (loaded.data ?? []).filter((d) => d.publication);
  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardHeader title="Public dashboards" subheader="Dashboards anyone with their link can see without signing in." />
      <CardContent>
        {loaded.loading && !loaded.data && <Skeleton variant="rounded" height={80} />}
        {loaded.error && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={loaded.retry}>Retry</Button>}>
            {loaded.error.message}
          </Alert>
        )}
        {loaded.data && rows.length === 0 && <Typography color="text.secondary">No dashboard of this company is public.</Typography>}
        <List disablePadding>
          {rows.map((d) => (
            <ListItem
              key={d.id}
              divider
              secondaryAction={
                <Button color="error" onClick={() => setRevoking(d)} aria-label={`Revoke the link of ${d.name}`}>
                  Revoke
                </Button>
              }
            >
              <ListItemText
                primary={d.name}
                secondary={
                  <>
                    <Link href={publicLinkOf(d.publication!.publicURL)} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                      {publicLinkOf(d.publication!.publicURL)}
                    </Link>
                    <br />
                    Published {new Date(d.publication!.publishedAt).toLocaleString()}
                    {d.publication!.publishedBy ? ` by ${d.publication!.publishedBy.name}` : ''}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      {revoking && (
        <ConfirmDialog
          title="Revoke the public link?"
          question={REVOKE_QUESTION}
          confirmLabel="Revoke"
          danger
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await dashboardApi.update(revoking.id, { isPublic: false });
            notify?.({ type: 'success', message: DASHBOARD_MESSAGES.updated });
            loaded.retry();
          }}
        />
      )}
    </Card>
  );
}
