import { Alert, Button, Card, CardContent, CardHeader, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../../resources/dashboard';
import { dashboardApi, publicLinkOf, type PublicationRow } from '../../dashboard/dashboard-api';
import { REVOKE_QUESTION } from '../../dashboard/PublicLinkDialog';
import { useLoaded } from '../../dashboard/widgets/useLoaded';
import { ConfirmDialog } from '../../productions/ProductionDialogs';
import { holds } from '../../../../permissions';
import { useSession } from '../../../session/useSession';
import type { SectionProps } from './section';

/**
 * The company's live public dashboard links, each revocable here. The tab's calls act in its active
 * company, so another company's page says where to go; the section stays listed so the page's tabs do
 * not change under the user while the session settles.
 */
export function PublicDashboardsSection({ company }: SectionProps) {
  const { profile, activeMembership } = useSession();
  if (activeMembership?.companyId !== company.id || !holds(profile, 'projects:manage'))
    return (
      <Card sx={{ maxWidth: 900 }}>
        <CardHeader title="Public dashboards" />
        <CardContent>
          <Typography color="text.secondary">Managers of this company see its public links here, with it as their active company.</Typography>
        </CardContent>
      </Card>
    );
  return <PublicLinks />;
}

function PublicLinks() {
  const { open: notify } = useNotification();
  const loaded = useLoaded((signal) => dashboardApi.publications(signal), 'publications');
  const [revoking, setRevoking] = useState<PublicationRow | null>(null);
  const rows = loaded.data ?? [];
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
              key={d.dashboardId}
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
                    <Link href={publicLinkOf(d.publicURL)} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                      {publicLinkOf(d.publicURL)}
                    </Link>
                    <br />
                    Published {new Date(d.publishedAt).toLocaleString()}
                    {d.publishedBy ? ` by ${d.publishedBy.name}` : ''}
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
            await dashboardApi.update(revoking.dashboardId, { isPublic: false });
            notify?.({ type: 'success', message: DASHBOARD_MESSAGES.updated });
            loaded.retry();
          }}
        />
      )}
    </Card>
  );
}
