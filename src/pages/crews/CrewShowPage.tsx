import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { crews, type CrewDetail } from '../../../resources/crew';
import { ActivityList } from '../../components/ActivityList';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { CrewFormDialog } from './CrewFormDialog';
import { CategoryList, PeopleList } from './crew-sections';

const SECTIONS = [
  { id: 'members', label: 'Members' },
  { id: 'leaders', label: 'Leaders' },
  { id: 'categories', label: 'Categories' },
  { id: 'activity', label: 'Activity' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const countOf = (crew: CrewDetail, section: SectionId) => (section === 'activity' ? null : crew[section].length);

/** One crew at crews/:crewId, its sections at crews/:crewId/:sectionId. */
export function CrewShowPage() {
  const { crewId = '', sectionId } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(crews);
  const { result: crew, query } = useOne<CrewDetail>({ resource: crews.name, id: crewId, meta, errorNotification: false });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const section = SECTIONS.find((s) => s.id === sectionId)?.id;
  if (sectionId !== undefined && !section) return <Navigate to={`/crews/${crewId}`} replace />;
  const current: SectionId = section ?? 'members';

  const back = (
    <Button component={RouterLink} to="/crews" startIcon={<ArrowBack />}>
      Crews
    </Button>
  );
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !crew) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        {back}
        <Alert severity="error">This crew could not be found.</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        {back}
        <Box sx={{ flex: 1 }} />
        {canManage && (
          <>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )}
      </Stack>
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {crew.name}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            Crew · {crew.members.length} {crew.members.length === 1 ? 'member' : 'members'} · {crew.leaders.length}{' '}
            {crew.leaders.length === 1 ? 'leader' : 'leaders'}
          </Typography>
        </CardContent>
        <Tabs
          value={current}
          onChange={(_e, next: SectionId) => navigate(`/crews/${crewId}/${next}`, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Crew sections"
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map((s) => {
            const count = countOf(crew, s.id);
            return <Tab key={s.id} value={s.id} label={count === null ? s.label : `${s.label} (${count})`} />;
          })}
        </Tabs>
        <CardContent>
          {current === 'members' && <PeopleList people={crew.members} empty="No members in this crew yet." />}
          {current === 'leaders' && <PeopleList people={crew.leaders} empty="This crew has no leader yet." />}
          {current === 'categories' && <CategoryList categories={crew.categories} />}
          {current === 'activity' && <ActivityList path={`companies/${crew.companyId}/activity`} filters={{ entityType: crews.entityType, entityId: String(crew.id) }} />}
        </CardContent>
      </Card>
      {editing && <CrewFormDialog id={String(crew.id)} onClose={() => setEditing(false)} />}
      {deleting && <ConfirmDeleteDialog def={crews} meta={meta} row={crew as never} onClose={(deleted) => (deleted ? navigate('/crews') : setDeleting(false))} />}
    </Stack>
  );
}
