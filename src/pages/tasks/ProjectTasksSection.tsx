import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, CardHeader, List, ListItemButton, ListItemText, Skeleton, Stack, TablePagination, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '../../../resources/project';
import { tasks, type TaskListRow } from '../../../resources/task';
import { useResource } from '../../engine/useResource';
import { formatDay } from '../productions/production-status';
import { TASK_RESOURCES, projectTasksPath } from './task-api';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskPriorityChip, TaskStatusChip } from './task-status';

const PAGE = 20;

/**
 * The project page's Tasks section: the acting company's tasks on the project (GET
 * /projects/{id}/tasks), newest first, each opening its page; New task for those with tasks:manage
 * when the company runs the project or works on it.
 */
export function ProjectTasksSection({ project }: { project: Project }) {
  const navigate = useNavigate();
  const { canManage } = useResource(tasks);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const { result, query } = useList<TaskListRow>({
    resource: TASK_RESOURCES.project,
    meta: { path: projectTasksPath(project.id) },
    pagination: { currentPage: page + 1, pageSize: PAGE },
    sorters: [{ field: 'createdAt', order: 'desc' }],
  });
  const mayCreate = canManage && (project.relation === 'owner' || project.relation === 'subcontractor');
  return (
    <Card>
      <CardHeader
        title="Tasks"
        subheader="Work planned on this project for your crews."
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          mayCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              New task
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : query.isError ? (
          <Alert severity="error">The tasks could not be loaded. {query.error?.message}</Alert>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary">No tasks on this project yet.</Typography>
        ) : (
          <>
            <List disablePadding aria-label="Project tasks">
              {result.data.map((t) => (
                <ListItemButton key={t.id} divider onClick={() => navigate(`/tasks/${t.id}`)} sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={t.summary}
                    secondary={[t.crewName, t.typeName, [formatDay(t.startDate), formatDay(t.endDate)].filter(Boolean).join(' – ')].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    sx={{ flex: '1 1 220px' }}
                  />
                  <Stack direction="row" spacing={0.5}>
                    <TaskPriorityChip priority={t.priority} />
                    <TaskStatusChip status={t.status} />
                  </Stack>
                </ListItemButton>
              ))}
            </List>
            {(result.total ?? 0) > PAGE && (
              <Box>
                <TablePagination component="div" count={result.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} />
              </Box>
            )}
          </>
        )}
      </CardContent>
      {creating && (
        <TaskFormDialog
          project={{ id: project.id, code: project.code, projectName: project.projectName, timezone: project.timezone, relation: project.relation, taskBasedProduction: project.taskBasedProduction }}
          onClose={(saved) => (saved ? navigate(`/tasks/${saved.id}`) : setCreating(false))}
        />
      )}
    </Card>
  );
}
