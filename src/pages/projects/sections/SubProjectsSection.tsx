import Add from '@mui/icons-material/Add';
import { Alert, Button, Card, CardContent, CardHeader, List, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { holds } from '../../../../permissions';
import type { Project } from '../../../../resources/project';
import { useSession } from '../../../session/useSession';
import { ProjectFormDialog } from '../ProjectFormDialog';
import { formatSpan, ProjectStatusChip } from '../project-status';

/** The project's sub-projects (GET /projects/{id}/sub-projects/0), each linking to its page; "New sub-project" presets the parent. */
export function SubProjectsSection({ project }: { project: Project }) {
  const { result, query } = useList<Project>({
    resource: 'sub-projects',
    meta: { path: `/projects/${project.id}/sub-projects/0` },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const [creating, setCreating] = useState(false);
  const { profile } = useSession();
  // Projects nest one level; a sub-project is made by the company running the parent or by a crew company working on it, as a project of its own.
  const canCreate = project.projectId === null && project.relation !== 'client' && holds(profile, 'projects:manage');
  return (
    <Card>
      <CardHeader
        title="Sub-projects"
        subheader={project.projectId !== null ? `This project is itself a sub-project of ${project.parentName ?? 'another project'}.` : 'Parts of this project run as projects of their own.'}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          canCreate && (
            <Button startIcon={<Add />} onClick={() => setCreating(true)}>
              New sub-project
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          >
            The sub-projects could not be loaded.
          </Alert>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary">No sub-projects yet.</Typography>
        ) : (
          <List disablePadding aria-label="Sub-projects">
            {result.data.map((p) => (
              <ListItemButton key={p.id} component={RouterLink} to={`/projects/${p.id}`} divider sx={{ px: 1 }}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap component="span">
                      <span>{`${p.code} · ${p.projectName}`}</span>
                      <ProjectStatusChip status={p.status} />
                    </Stack>
                  }
                  secondary={[p.companyId !== project.companyId ? `Run by ${p.companyName}` : null, formatSpan(p.startDate, p.endDate)].filter(Boolean).join(' · ') || undefined}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
      {creating && <ProjectFormDialog parent={{ id: project.id, projectName: project.projectName }} onClose={() => setCreating(false)} />}
    </Card>
  );
}
