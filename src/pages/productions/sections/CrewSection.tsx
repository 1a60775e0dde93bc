import { Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import type { CrewDetail } from '../../../../resources/crew';
import type { Production } from '../../../../resources/production';
import { holds } from '../../../../permissions';
import { useSession } from '../../../session/useSession';

function People({ title, people }: { title: string; people: CrewDetail['members'] }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      {people.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {people.map((p) => (
            <Chip key={p.id} size="small" label={p.name} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The crew that produced: its leaders and members from GET /crews/{id}, which only the crew's own
 * company's crew managers may read; others see the crew's name and company.
 */
export function CrewSection({ production }: { production: Production }) {
  const { activeMembership, profile } = useSession();
  // Asked only where it is answered: the producing company, with crews:manage.
  const readable = activeMembership?.companyId === production.companyId && holds(profile, 'crews:manage');
  const { result: crew, query } = useOne<CrewDetail>({ resource: 'crews', id: production.crewId, meta: { path: '/crews' }, queryOptions: { enabled: readable }, errorNotification: false });
  return (
    <Card>
      <CardHeader title={production.crewName} subheader={production.companyName} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {readable && query.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : !readable || query.isError || !crew ? (
          <Typography color="text.secondary" variant="body2">
            The crew's people are shown to its company's crew managers.
          </Typography>
        ) : (
          <Stack spacing={2}>
            <People title="Leaders" people={crew.leaders} />
            <People title="Members" people={crew.members} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
