import Add from '@mui/icons-material/Add';
import TableRows from '@mui/icons-material/TableRows';
import ViewKanban from '@mui/icons-material/ViewKanban';
import { Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tasks, type CrewOption, type TaskPriority, type TaskStatus } from '../../../resources/task';
import { filterFields, readAddress, writeAddress, type Condition } from '../../engine/filter-model';
import { FilterBar, type FieldEditor } from '../../engine/FilterBar';
import { ResourceListPage, type ResourceFormComponent } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { crewEditor, PROJECT_EDITOR } from '../productions/filter-editors';
import { TaskBoard } from './TaskBoard';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskPriorityChip, TaskStatusChip } from './task-status';

const CELLS: Record<string, GridColDef['renderCell']> = {
  status: ({ value }) => (value ? <TaskStatusChip status={value as TaskStatus} /> : null),
  priority: ({ value }) => (value ? <TaskPriorityChip priority={value as TaskPriority} /> : null),
};

function useTaskCrews(): CrewOption[] {
  return useList<CrewOption>({ resource: 'task-crews', meta: { path: '/tasks/crews', quiet: true }, pagination: { currentPage: 1, pageSize: 200 }, errorNotification: false }).result.data;
}

// The project is searched among the projects; the crew picked among those tasks may go to.
const EDITORS: Record<string, FieldEditor> = { projectId: PROJECT_EDITOR, crewId: crewEditor(useTaskCrews) };
// The board's columns are the statuses, so its bar leaves status out.
const BOARD_FIELDS = filterFields(tasks, ['status']);

/** The engine's create dialog slot: a new task opens its page once saved. */
const TaskCreateForm: ResourceFormComponent = ({ onClose }) => {
  const navigate = useNavigate();
  return <TaskFormDialog onClose={(saved) => (saved ? navigate(`/tasks/${saved.id}`) : onClose())} />;
};

/** Grid or Board, on the same route (tasks?view=board), so either can be bookmarked. */
function ViewToggle({ board }: { board: boolean }) {
  const [, setParams] = useSearchParams();
  const toggle = (v: string | null) =>
    v &&
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === 'board') next.set('view', 'board');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  return (
    <ToggleButtonGroup size="small" exclusive value={board ? 'board' : 'grid'} onChange={(_e, v: string | null) => toggle(v)} aria-label="Show tasks as">
      <ToggleButton value="grid" aria-label="Grid">
        <TableRows fontSize="small" sx={{ mr: 0.5 }} />
        Grid
      </ToggleButton>
      <ToggleButton value="board" aria-label="Board">
        <ViewKanban fontSize="small" sx={{ mr: 0.5 }} />
        Board
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function EmptyTasks() {
  return (
    <Stack spacing={1} alignItems="center">
      <Typography color="text.secondary">No tasks yet.</Typography>
      <Typography color="text.secondary" variant="body2">
        A task is work planned on a project for a crew: where, when, which budget items, and how it goes.
      </Typography>
    </Stack>
  );
}

function BoardView({ dialog }: { dialog?: 'create' }) {
  const navigate = useNavigate();
  const { canManage } = useResource(tasks);
  const [params, setParams] = useSearchParams();
  // The same conditions in the address as the grid's, so switching views keeps them.
  const conditions = useMemo(() => readAddress(BOARD_FIELDS, params, true), [params]);
  const change = (next: Condition[]) => setParams((p) => writeAddress(BOARD_FIELDS, p, next, true));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="h5" component="h1">
          Tasks
        </Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <ViewToggle board />
          {canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate('/tasks/create?view=board')}>
              New Task
            </Button>
          )}
        </Stack>
      </Stack>
      <FilterBar def={tasks} value={conditions} onChange={change} editors={EDITORS} search exclude={['status']} />
      <TaskBoard conditions={conditions} />
      {dialog && canManage && <TaskFormDialog onClose={(saved) => navigate(saved ? `/tasks/${saved.id}` : '/tasks?view=board')} />}
    </Stack>
  );
}

/** tasks: the grid (saved views, filters, CSV) or the board by status. */
export function TasksPage({ dialog }: { dialog?: 'create' }) {
  const [params] = useSearchParams();
  if (params.get('view') === 'board') return <BoardView dialog={dialog} />;
  return (
    <ResourceListPage
      def={tasks}
      form={TaskCreateForm}
      dialog={dialog}
      editable={false}
      rowActions={false}
      cells={CELLS}
      empty={<EmptyTasks />}
      filterEditors={EDITORS}
      search
      actions={<ViewToggle board={false} />}
    />
  );
}
