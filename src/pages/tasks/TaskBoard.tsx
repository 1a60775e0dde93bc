import MoreVert from '@mui/icons-material/MoreVert';
import { Alert, Box, Card, CardContent, Chip, IconButton, Link, Menu, MenuItem, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useRef, useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { TASK_CREW_MOVES, TASK_STATUSES, canMoveTask, type TaskListRow, type TaskStatus } from '../../../resources/task';
import type { ApiError } from '../../api/http';
import { toParams, type Condition } from '../../engine/filter-model';
import { formatDay } from '../productions/production-status';
import { TASK_RESOURCES, moveTask, useTaskRefresh } from './task-api';
import { TaskPriorityChip } from './task-status';

const COLUMN_SIZE = 50;

/** A move on its way to the server: the card shows in its new column until the answer. */
interface Pending {
  task: TaskListRow;
  to: TaskStatus;
  position?: number;
}

/** Where a card may go from its menu: the state machine's moves, and for a crew's leader only starting and finishing. */
function menuMoves(task: TaskListRow): TaskStatus[] {
  return TASK_STATUSES.map((s) => s.value).filter((to) => to !== task.status && canMoveTask(task.status, to) && (task.canEdit || TASK_CREW_MOVES.includes(to)));
}

function TaskCard({ task, pending, onMove, onDragStart, onDropBefore }: { task: TaskListRow; pending: boolean; onMove: (to: TaskStatus) => void; onDragStart: () => void; onDropBefore: (e: DragEvent) => void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const moves = menuMoves(task);
  const days = [formatDay(task.startDate), formatDay(task.endDate)].filter(Boolean).join(' – ');
  return (
    <Card
      variant="outlined"
      draggable={task.canMove && !pending}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(task.id));
        e.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDropBefore}
      data-task-id={task.id}
      aria-label={task.summary}
      sx={{ opacity: pending ? 0.6 : 1, cursor: task.canMove ? 'grab' : 'default' }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
            <Link component={RouterLink} to={`/tasks/${task.id}`} underline="hover" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {task.summary}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[task.projectCode, task.crewName, days].filter(Boolean).join(' · ')}
            </Typography>
            <Stack direction="row" spacing={0.5}>
              <TaskPriorityChip priority={task.priority} />
              {task.typeName && <Chip size="small" variant="outlined" label={task.typeName} />}
            </Stack>
          </Stack>
          {moves.length > 0 && task.canMove && (
            <IconButton size="small" aria-label={`Move ${task.summary}`} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} disabled={pending}>
              <MoreVert fontSize="small" />
            </IconButton>
          )}
        </Stack>
      </CardContent>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {moves.map((to) => (
          <MenuItem
            key={to}
            onClick={() => {
              setMenu(null);
              onMove(to);
            }}
          >
            Move to {TASK_STATUSES.find((s) => s.value === to)!.label}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}

function BoardColumn({
  status,
  label,
  conditions,
  pending,
  dragging,
  onMove,
}: {
  status: TaskStatus;
  label: string;
  conditions: readonly Condition[];
  pending: Pending | null;
  dragging: { current: TaskListRow | null };
  onMove: (task: TaskListRow, to: TaskStatus, position?: number) => void;
}) {
  const { result, query } = useList<TaskListRow>({
    resource: TASK_RESOURCES.board,
    meta: { path: '/tasks', params: toParams(conditions) },
    pagination: { currentPage: 1, pageSize: COLUMN_SIZE },
    filters: [{ field: 'status', operator: 'eq', value: status }],
    sorters: [{ field: 'position', order: 'asc' }],
  });
  const rows = result.data.filter((t) => !(pending && pending.task.id === t.id && pending.to !== status));
  const cards = pending && pending.to === status && !rows.some((t) => t.id === pending.task.id) ? [pending.task, ...rows] : rows;
  const drop = (e: DragEvent, before?: TaskListRow) => {
    e.preventDefault();
    e.stopPropagation();
    const task = dragging.current;
    dragging.current = null;
    if (!task) return;
    // Before a card: halfway between it and the card above; on the column itself: after the last card.
    const others = result.data.filter((t) => t.id !== task.id);
    let position: number | undefined;
    if (before) {
      const i = others.findIndex((t) => t.id === before.id);
      position = i <= 0 ? before.position - 1 : (others[i - 1]!.position + before.position) / 2;
    } else if (others.length) {
      position = others[others.length - 1]!.position + 1;
    }
    if (task.status === status && position === undefined) return;
    onMove(task, status, position);
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => drop(e)}
      data-status={status}
      sx={{ p: 1, minWidth: 260, width: 280, flexShrink: 0, bgcolor: 'action.hover', display: 'flex', flexDirection: 'column', gap: 1, minHeight: 200 }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ px: 0.5 }}>
        <Typography variant="subtitle2" component="h2">
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {result.total ?? 0}
        </Typography>
      </Stack>
      {query.isLoading ? (
        <Skeleton variant="rounded" height={80} />
      ) : query.isError ? (
        <Alert severity="error">This column could not be loaded.</Alert>
      ) : cards.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          No tasks.
        </Typography>
      ) : (
        cards.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            pending={pending?.task.id === task.id}
            onMove={(to) => onMove(task, to)}
            onDragStart={() => (dragging.current = task)}
            onDropBefore={(e) => drop(e, task)}
          />
        ))
      )}
      {(result.total ?? 0) > COLUMN_SIZE && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
          The first {COLUMN_SIZE} of {result.total} show: filter to find the others.
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The tasks by status, one column each (the same filters as the grid). Dragging a card to another
 * column, or its menu's "Move to…", is a PATCH through the server's state machine: the card moves at
 * once, and goes back with the server's message when the move is refused (409).
 */
export function TaskBoard({ conditions }: { conditions: readonly Condition[] }) {
  const refresh = useTaskRefresh();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dragging = useRef<TaskListRow | null>(null);
  const move = async (task: TaskListRow, to: TaskStatus, position?: number) => {
    setFailure(null);
    setPending({ task: { ...task, status: to }, to, position });
    try {
      await moveTask(task.id, to, position);
      await refresh();
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack spacing={1.5}>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} role="alert">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, alignItems: 'flex-start' }}>
        {TASK_STATUSES.map((s) => (
          <BoardColumn key={s.value} status={s.value} label={s.label} conditions={conditions} pending={pending} dragging={dragging} onMove={move} />
        ))}
      </Box>
    </Stack>
  );
}
