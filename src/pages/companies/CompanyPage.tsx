import { Alert, Card, CardContent, CardHeader, Skeleton } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { ActivityList } from '../../components/ActivityList';
import { CompanyDetails, type Company } from './CompanyDetails';

/** One company: its profile and who changed what. Editing sections come with the companies area. */
export function CompanyPage() {
  const { companyId } = useParams();
  const { result: company, query } = useOne<Company>({ resource: 'companies', id: companyId ?? '', errorNotification: false });
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !company) return <Alert severity="error">This company could not be found.</Alert>;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card>
          <CardContent>
            <CompanyDetails company={company} />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Card>
          <CardHeader title="Activity" />
          <CardContent>
            <ActivityList path={`companies/${company.id}/activity`} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
