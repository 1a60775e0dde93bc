import Add from '@mui/icons-material/Add';
import { Alert, Button, Card, CardContent, CardHeader, List, ListItemButton, ListItemText, Skeleton, Stack, TablePagination, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { holds } from '../../../../permissions';
import type { Project } from '../../../../resources/project';
import { useSession } from '../../../session/useSession';
import { ProjectFormDialog } from '../ProjectFormDialog';
import { formatSpan, ProjectStatusChip } from '../project-status';

const PAGE_SIZE = 25;

/** The project's sub-projects (GET /projects/{id}/sub-projects/0, a page at a time), each linking to its page; "New sub-project" presets the parent. */
export function SubProjectsSection({ project }: { project: Project }) {
  const [page, setPage] = useState(0);
  const { result, query } = useList<Project>({
    resource: 'sub-projects',
    meta: { path: `/projects/${project.id}/sub-projects/0` },
    pagination: { currentPage: page + 1, pageSize: PAGE_SIZE },
    sorters: [{ field: 'code', order: 'asc' }],
    errorNotification: false,
  });
  const total = result.total ?? result.data.length;
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
        {total > PAGE_SIZE && (
          <TablePagination component="div" count={total} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} />
        )}
      </CardContent>
      {creating && <ProjectFormDialog parent={{ id: project.id, projectName: project.projectName, timezone: project.timezone }} onClose={() => setCreating(false)} />}
    </Card>
  );
}
