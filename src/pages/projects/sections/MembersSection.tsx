import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import { useState } from 'react';
import type { Project, ProjectMembership } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { AssignableRolePicker } from '../../../components/AssignableRolePicker';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { useSession } from '../../../session/useSession';
import { ProjectPeoplePicker } from '../ProjectPeoplePicker';

/** Not one of the spec's messages (it names none for project members): says what the save did. */
export const MEMBERS_SAVED = 'Project members saved';

type Entry = { id: number; roleId: number };

const entriesOf = (list: ProjectMembership[]): Entry[] => list.map((m) => ({ id: m.companyMembershipId, roleId: m.roleId }));

/** POST /projects/{id}/memberships replaces the whole list with these people and roles. */
function useSaveMemberships(projectId: number) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  return async (memberships: Entry[]) => {
    await apiFetch(`/projects/${projectId}/memberships`, { method: 'POST', body: { memberships }, quiet: true });
    notify?.({ type: 'success', message: MEMBERS_SAVED });
    await Promise.all([
      invalidate({ resource: 'project-memberships', invalidates: ['list'] }),
      invalidate({ resource: 'project-overview', invalidates: ['detail'], id: projectId }),
    ]);
  };
}

/**
 * The invite member dialog: people of the companies on the project (the running company, its client, a
 * parent project's company) and the project role they get; saving adds them to the list.
 */
function InviteMemberDialog({ project, companyId, current, onClose }: { project: Project; companyId: number; current: ProjectMembership[]; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveMemberships(project.id);
  const [people, setPeople] = useState<number[]>([]);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [problems, setProblems] = useState<{ people?: string; role?: string; failure?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const missing = { people: people.length ? undefined : 'Choose at least one person', role: roleId === null ? 'Choose a project role' : undefined };
    if (missing.people || missing.role) return setProblems(missing);
    setBusy(true);
    setProblems({});
    try {
      const chosen = new Set(people);
      // Someone already on the project takes the role chosen here.
      await save([...entriesOf(current).filter((e) => !chosen.has(e.id)), ...people.map((id) => ({ id, roleId: roleId! }))]);
      onClose();
    } catch (err) {
      setProblems({ failure: (err as ApiError).message });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="invite-member-title">
      <DialogTitle id="invite-member-title">Invite member</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problems.failure && <Alert severity="error">{problems.failure}</Alert>}
          <ProjectPeoplePicker
            projectId={project.id}
            value={people}
            onChange={setPeople}
            current={current}
            error={problems.people}
            helperText={`People of your company${project.clientId !== null || project.projectId !== null ? ' and of the companies it works with on this project' : ''}; they see this project with the role below`}
          />
          <AssignableRolePicker companyId={companyId} projectId={project.id} label="Project role" value={roleId} onChange={setRoleId} error={problems.role} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Add to project
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The people given a project role (GET /projects/{id}/memberships); those who manage it invite, change roles and remove. */
export function MembersSection({ project, canManage }: { project: Project; canManage: boolean }) {
  const { activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? project.companyId;
  const { result, query } = useList<ProjectMembership>({
    resource: 'project-memberships',
    meta: { path: `/projects/${project.id}/memberships` },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const save = useSaveMemberships(project.id);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<ProjectMembership | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const members = result.data;
  // The people to pick come from GET /projects/{id}/people, for those who manage the project.
  const canInvite = canManage;

  const change = async (next: Entry[]) => {
    setBusy(true);
    setFailure(null);
    try {
      await save(next);
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Project members"
        subheader="People given a role on this project, beside their role in their company."
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          canInvite && (
            <Button startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {query.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          >
            The project members could not be loaded.
          </Alert>
        ) : members.length === 0 ? (
          <Typography color="text.secondary">{canInvite ? 'No one has a role on this project yet. Invite the people who work on it.' : 'No one has a role on this project yet.'}</Typography>
        ) : (
          <List disablePadding aria-label="Project members">
            {members.map((m) => (
              <ListItem key={m.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={m.name}
                  secondary={[m.email, m.companyId !== project.companyId ? m.companyName : null].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  sx={{ flex: '1 1 220px', minWidth: 0 }}
                />
                {canManage ? (
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: '0 1 280px' }}>
                    <Box sx={{ flex: 1 }}>
                      <AssignableRolePicker
                        companyId={companyId}
                        projectId={project.id}
                        label={`Role of ${m.name}`}
                        value={m.roleId}
                        disabled={busy}
                        onChange={(roleId) => roleId !== null && roleId !== m.roleId && change(entriesOf(members).map((e) => (e.id === m.companyMembershipId ? { ...e, roleId } : e)))}
                      />
                    </Box>
                    <Tooltip title="Remove from the project">
                      <span>
                        <IconButton aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)} disabled={busy}>
                          <PersonRemoveOutlined />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                ) : (
                  <Chip label={m.roleName} size="small" />
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {inviting && <InviteMemberDialog project={project} companyId={companyId} current={members} onClose={() => setInviting(false)} />}
      {removing && (
        <ConfirmDeleteDialog
          wording={{ title: 'Remove from the project?', text: `${removing.name} loses their role on this project. They stay in their company.`, confirm: 'Remove' }}
          onConfirm={() => change(entriesOf(members).filter((e) => e.id !== removing.companyMembershipId))}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
