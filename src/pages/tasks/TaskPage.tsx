import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Alert, Button, Card, CardContent, CardHeader, Link, List, ListItem, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useNotification, useOne } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { TASK_CREW_MOVES, TASK_STATUSES, TASK_SUCCESS, canMoveTask, type Task, type TaskStatus } from '../../../resources/task';
import type { ApiError } from '../../api/http';
import { ActivityList } from '../../components/ActivityList';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { countries } from '../../reference/countries';
import { ConfirmDialog } from '../productions/ProductionDialogs';
import { formatDay } from '../productions/production-status';
import { TASK_RESOURCES, deleteTask, moveTask, taskPaths, useTaskRefresh } from './task-api';
import { TaskComments } from './TaskComments';
import { TaskFiles } from './TaskFiles';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskPriorityChip, TaskStatusChip } from './task-status';

/** Move to…: the moves the state machine allows from here (a crew's leader: starting and finishing only). */
function MoveMenu({ task, onMoved }: { task: Task; onMoved: (failure: string | null) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const moves = TASK_STATUSES.filter((s) => s.value !== task.status && canMoveTask(task.status, s.value) && (task.canEdit || TASK_CREW_MOVES.includes(s.value)));
  if (!task.canMove || !moves.length) return null;
  const move = async (to: TaskStatus) => {
    setAnchor(null);
    try {
      await moveTask(task.id, to);
      onMoved(null);
    } catch (err) {
      onMoved((err as ApiError).message);
    }
  };
  return (
    <>
      <Button startIcon={<SwapHoriz />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Move to…
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {moves.map((s) => (
          <MenuItem key={s.value} onClick={() => void move(s.value)} disabled={s.value === 'rejected'}>
            {s.label}
            {s.value === 'rejected' ? ' (edit the task to give a reason)' : ''}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 140, flex: '1 1 160px' }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

function TaskDetails({ task }: { task: Task }) {
  const country = task.country ? (countries().find((c) => c.id === task.country)?.name ?? task.country) : null;
  return (
    <Card>
      <CardContent>
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
          <Field label="Project" value={<Link component={RouterLink} to={`/projects/${task.projectId}/tasks`}>{`${task.projectCode} · ${task.projectName}`}</Link>} />
          <Field label="Type" value={task.typeName} />
          <Field label="Crew" value={task.crewName} />
          <Field label="Start" value={formatDay(task.startDate)} />
          <Field label="End" value={formatDay(task.endDate)} />
          <Field label="Address" value={[task.address, task.city, task.state, country].filter(Boolean).join(', ')} />
          <Field label="Created by" value={task.createdByName} />
        </Stack>
        {task.rejectReason && (
          <Alert severity={task.status === 'rejected' ? 'error' : 'warning'} sx={{ mt: 2 }}>
            Reason: {task.rejectReason}
          </Alert>
        )}
        {task.description && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {task.description}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function TaskItems({ task }: { task: Task }) {
  return (
    <Card>
      <CardHeader title="Items" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {task.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No budget items planned.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Items">
            {task.items.map((i) => (
              <ListItem key={i.id} divider disableGutters>
                <ListItemText primary={[i.itemCode, i.itemName].filter(Boolean).join(' · ')} secondary={i.description} />
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap', ml: 2 }}>
                  {i.quantity} {i.unit ?? ''}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** tasks/:taskId: the task's fields, items, files by category, comments and activity; moves, edit and delete for those who may. */
export function TaskPage() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const refresh = useTaskRefresh();
  const { open: notify } = useNotification();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { result: task, query } = useOne<Task>({ resource: TASK_RESOURCES.tasks, id: taskId, meta: { path: '/tasks' }, errorNotification: false });
  const error = query.error as ApiError | null;
  return (
    <ShowPageFrame
      backTo="/tasks"
      backLabel="Tasks"
      loading={query.isLoading}
      row={query.isError ? undefined : task}
      notFound={missingRowText(error, 'task')}
    >
      {(task) => (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ md: 'center' }}>
            <Stack spacing={0.5}>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {task.summary}
                </Typography>
                <TaskStatusChip status={task.status} />
                <TaskPriorityChip priority={task.priority} />
              </Stack>
            </Stack>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <MoveMenu
                task={task}
                onMoved={(message) => {
                  setFailure(message);
                  if (!message) void refresh();
                }}
              />
              {task.canEdit && (
                <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              {task.canEdit && (
                <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              )}
            </Stack>
          </Stack>
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <TaskDetails task={task} />
          <TaskItems task={task} />
          <TaskFiles task={task} canAdd={task.canMove} />
          <TaskComments task={task} />
          <Card>
            <CardHeader title="Activity" subheader="Who changed what in this task, newest first." slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
            <CardContent sx={{ pt: 0 }}>
              <ActivityList path={taskPaths(task.id).activity} pageSize={10} paged timeZone={task.projectTimezone} />
            </CardContent>
          </Card>
          {editing && <TaskFormDialog task={task} onClose={() => setEditing(false)} />}
          {deleting && (
            <ConfirmDialog
              title="Delete task"
              question={`Delete the task ${task.summary} with its items, comments and files?`}
              confirmLabel="Delete"
              danger
              onConfirm={async () => {
                await deleteTask(task.id);
                notify?.({ type: 'success', message: TASK_SUCCESS.deleted });
                await refresh();
                navigate('/tasks');
              }}
              onClose={() => setDeleting(false)}
            />
          )}
        </Stack>
      )}
    </ShowPageFrame>
  );
}
