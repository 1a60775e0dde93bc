import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { members, type MemberView } from '../../../resources/member';
import { ActivityList } from '../../components/ActivityList';
import { useResource } from '../../engine/useResource';
import { MemberFormDialog } from './MemberFormDialog';
import { MemberProfile, RefList, StatusChip } from './member-sections';
import { roleLabel } from './member-pickers';
import { RemoveMemberDialog } from './RemoveMemberDialog';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'crews', label: 'Crews' },
  { id: 'categories', label: 'Categories' },
  { id: 'activity', label: 'Activity' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const countOf = (m: MemberView, section: SectionId) =>
  section === 'crews' ? m.crewsAsMember.length + m.crewsAsLeader.length : section === 'categories' ? m.categories.length : null;

/** One member at members/:memberId, its sections at members/:memberId/:sectionId. */
export function MemberShowPage() {
  const { memberId = '', sectionId } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(members);
  const { result: member, query } = useOne<MemberView>({ resource: members.name, id: memberId, meta, errorNotification: false });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const section = SECTIONS.find((s) => s.id === sectionId)?.id;
  if (sectionId !== undefined && !section) return <Navigate to={`/members/${memberId}`} replace />;
  const current: SectionId = section ?? 'profile';

  const back = (
    <Button component={RouterLink} to="/members" startIcon={<ArrowBack />}>
      Members
    </Button>
  );
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !member) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        {back}
        <Alert severity="error">This member could not be found.</Alert>
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
            <Button color="error" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          </>
        )}
      </Stack>
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Typography>
            <StatusChip status={member.status} />
          </Stack>
          <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {roleLabel(member.role)} · {member.email}
          </Typography>
        </CardContent>
        <Tabs
          value={current}
          onChange={(_e, next: SectionId) => navigate(`/members/${memberId}/${next}`, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Member sections"
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map((s) => {
            const count = countOf(member, s.id);
            return <Tab key={s.id} value={s.id} label={count === null ? s.label : `${s.label} (${count})`} />;
          })}
        </Tabs>
        <CardContent>
          {current === 'profile' && <MemberProfile member={member} />}
          {current === 'crews' && (
            <Stack spacing={2}>
              <RefList title="Leader of" refs={member.crewsAsLeader} link="crews" empty="Leads no crew." />
              <RefList title="Member of" refs={member.crewsAsMember} link="crews" empty="In no crew." />
            </Stack>
          )}
          {current === 'categories' && <RefList refs={member.categories} empty="Works on no item categories yet." />}
          {current === 'activity' && <ActivityList path={`companies/${member.companyId}/activity`} filters={{ entityType: members.entityType, entityId: String(member.id) }} />}
        </CardContent>
      </Card>
      {editing && <MemberFormDialog id={String(member.id)} onClose={() => setEditing(false)} />}
      {removing && <RemoveMemberDialog member={member} onClose={(removed) => (removed ? navigate('/members') : setRemoving(false))} />}
    </Stack>
  );
}

