import { Alert, Card, CardContent, CardHeader, List, ListItem, ListItemText, Skeleton, TablePagination, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { describeActivity, describeActor, type ActivityEventText } from '../../resources/activity-wording';
import { formatInstant } from '../../resources/time-zone';
import { useCompanyTimeZone } from '../session/useCompanyTimeZone';

export interface ActivityEvent extends ActivityEventText {
  id: number;
  entityId: string;
  createdAt: string;
  actor: { id: number; name: string } | null;
  /** The API token's name when the change came through one. */
  via?: string | null;
}

/**
 * Who changed what and when, newest first, from an activity endpoint answering audit events.
 * `paged` adds page controls; without it only the latest `pageSize` events show.
 */
interface ActivityListProps {
  path: string;
  pageSize?: number;
  filters?: Record<string, string>;
  paged?: boolean;
  /** The project's zone for a project's trail (its budget, invoices, tasks…); the active company's when left out. */
  timeZone?: string;
}

export function ActivityList({ path, pageSize = 10, filters = {}, paged = false, timeZone }: ActivityListProps) {
  const [page, setPage] = useState(0);
  const companyZone = useCompanyTimeZone();
  const zone = timeZone ?? companyZone;
  const { result, query } = useList<ActivityEvent>({
    resource: 'activity',
    meta: { path },
    pagination: { currentPage: page + 1, pageSize },
    filters: Object.entries(filters).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
  });
  if (query.isLoading) return <Skeleton variant="rounded" height={120} />;
  if (query.isError) return <Alert severity="error">The activity could not be loaded.</Alert>;
  if (!result.data.length) return <Typography color="text.secondary">No activity yet.</Typography>;
  const list = (
    <List dense disablePadding>
      {result.data.map((event) => (
        <ListItem key={event.id} disableGutters divider>
          <ListItemText
            primary={describeActivity(event)}
            secondary={`${describeActor(event)} · ${formatInstant(event.createdAt, zone)}`}
          />
        </ListItem>
      ))}
    </List>
  );
  if (!paged) return list;
  return (
    <>
      {list}
      <TablePagination component="div" count={result.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={pageSize} rowsPerPageOptions={[pageSize]} />
    </>
  );
}

/** The Activity section of a row's page: who changed what in this `subject` (damage, project…). */
export function ActivityCard({ subject, ...list }: ActivityListProps & { subject: string }) {
  return (
    <Card>
      <CardHeader title="Activity" subheader={`Who changed what in this ${subject}, newest first.`} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent>
        <ActivityList {...list} />
      </CardContent>
    </Card>
  );
}
