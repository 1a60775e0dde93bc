import { Button, Divider, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { members, type MemberDetail } from '../../../resources/member';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage, withCount } from '../../components/SectionedPage';
import { SensitiveValuesView, useSensitiveReveal } from '../../components/SensitiveValues';
import { ShowPageFrame } from '../../components/ShowPageFrame';
import { useResource } from '../../engine/useResource';
import { MemberFormDialog } from './MemberFormDialog';
import { MemberProfile, RefList, StatusChip } from './member-sections';
import { roleLabel } from './member-pickers';
import { RemoveMemberDialog } from './RemoveMemberDialog';

/** One member at members/:memberId, its sections at members/:memberId/:sectionId. */
export function MemberShowPage() {
  const { memberId = '' } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(members);
  const { result: member, query } = useOne<MemberDetail>({ resource: members.name, id: memberId, meta, errorNotification: false });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const reveal = useSensitiveReveal(`/memberships/${memberId}/sensitive`);
  return (
    <ShowPageFrame
      backTo="/members"
      backLabel="Members"
      loading={query.isLoading}
      row={query.isError ? undefined : member}
      notFound="This member could not be found."
      actions={
        canManage && (
          <>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="error" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          </>
        )
      }
    >
      {(member) => (
        <>
          <SectionedPage
            basePath={`/members/${memberId}`}
            label="Member sections"
            header={
              <>
                <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                    {member.name}
                  </Typography>
                  <StatusChip status={member.status} />
                </Stack>
                <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {roleLabel(member.role)} · {member.email}
                </Typography>
              </>
            }
            sections={[
              {
                id: 'profile',
                label: 'Profile',
                render: () => (
                  <Stack spacing={2}>
                    <MemberProfile member={member} />
                    <Divider />
                    <SensitiveValuesView masked={{ ssn: member.ssn, driversLicense: member.driversLicense }} reveal={reveal} canReveal={canManage} />
                  </Stack>
                ),
              },
              {
                id: 'crews',
                label: withCount('Crews', member.crewsAsMember.length + member.crewsAsLeader.length),
                render: () => (
                  <Stack spacing={2}>
                    <RefList title="Leader of" refs={member.crewsAsLeader} link="crews" empty="Leads no crew." />
                    <RefList title="Member of" refs={member.crewsAsMember} link="crews" empty="In no crew." />
                  </Stack>
                ),
              },
              { id: 'categories', label: withCount('Categories', member.categories.length), render: () => <RefList refs={member.categories} empty="Works on no item categories yet." /> },
              {
                id: 'activity',
                label: 'Activity',
                render: () => <ActivityList path={`companies/${member.companyId}/activity`} filters={{ entityType: members.entityType, entityId: String(member.id) }} />,
              },
            ]}
          />
          {editing && <MemberFormDialog id={String(member.id)} onClose={() => setEditing(false)} />}
          {removing && <RemoveMemberDialog member={member} onClose={(removed) => (removed ? navigate('/members') : setRemoving(false))} />}
        </>
      )}
    </ShowPageFrame>
  );
}
