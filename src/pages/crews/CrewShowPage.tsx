import { Button, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { crews, type CrewDetail } from '../../../resources/crew';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage, withCount } from '../../components/SectionedPage';
import { ShowPageFrame } from '../../components/ShowPageFrame';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { CrewFormDialog } from './CrewFormDialog';
import { CategoryList, PeopleList } from './crew-sections';

/** One crew at crews/:crewId, its sections at crews/:crewId/:sectionId. */
export function CrewShowPage() {
  const { crewId = '' } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(crews);
  const { result: crew, query } = useOne<CrewDetail>({ resource: crews.name, id: crewId, meta, errorNotification: false });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <ShowPageFrame
      backTo="/crews"
      backLabel="Crews"
      loading={query.isLoading}
      row={query.isError ? undefined : crew}
      notFound="This crew could not be found."
      actions={
        canManage && (
          <>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )
      }
    >
      {(crew) => (
        <>
          <SectionedPage
            basePath={`/crews/${crewId}`}
            label="Crew sections"
            header={
              <>
                <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {crew.name}
                </Typography>
                <Typography color="text.secondary" variant="body2">
                  Crew · {crew.members.length} {crew.members.length === 1 ? 'member' : 'members'} · {crew.leaders.length}{' '}
                  {crew.leaders.length === 1 ? 'leader' : 'leaders'}
                </Typography>
              </>
            }
            sections={[
              { id: 'members', label: withCount('Members', crew.members.length), render: () => <PeopleList people={crew.members} empty="No members in this crew yet." /> },
              { id: 'leaders', label: withCount('Leaders', crew.leaders.length), render: () => <PeopleList people={crew.leaders} empty="This crew has no leader yet." /> },
              { id: 'categories', label: withCount('Categories', crew.categories.length), render: () => <CategoryList categories={crew.categories} /> },
              {
                id: 'activity',
                label: 'Activity',
                render: () => <ActivityList path={`companies/${crew.companyId}/activity`} filters={{ entityType: crews.entityType, entityId: String(crew.id) }} />,
              },
            ]}
          />
          {editing && <CrewFormDialog id={String(crew.id)} onClose={() => setEditing(false)} />}
          {deleting && <ConfirmDeleteDialog def={crews} meta={meta} row={crew as never} onClose={(deleted) => (deleted ? navigate('/crews') : setDeleting(false))} />}
        </>
      )}
    </ShowPageFrame>
  );
}
