import { Alert, Button, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useOne } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { ActivityList } from '../../components/ActivityList';
import { useSession } from '../../session/useSession';
import { CompanyDetails, type Company } from '../companies/CompanyDetails';

/** Until configurable dashboards exist, the dashboard summarises the active company. */
export function DashboardPage() {
  const { user, activeMembership } = useSession();
  const companyId = activeMembership?.companyId;
  const { result: company, query } = useOne<Company>({ resource: 'companies', id: companyId ?? '', queryOptions: { enabled: !!companyId } });
  return (
    <Grid container spacing={3}>
      <Grid size={12}>
        <Typography variant="h4" component="h1">
          Welcome, {user?.name.split(' ')[0]}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card>
          <CardHeader title="Company" action={companyId && <Button component={RouterLink} to={`/companies/${companyId}`}>Open</Button>} />
          <CardContent>
            {query.isLoading && <Skeleton variant="rounded" height={160} />}
            {query.isError && <Alert severity="error">The company could not be loaded.</Alert>}
            {company && <CompanyDetails company={{ ...company, role: activeMembership?.role.name }} />}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Card>
          <CardHeader title="Recent activity" />
          <CardContent>{companyId && <ActivityList path={`companies/${companyId}/activity`} pageSize={8} />}</CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
