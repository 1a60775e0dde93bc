import { Chip, ListItemButton, ListItemText, Stack } from '@mui/material';
import type { ProductionCrewOption } from '../../../../../resources/production';
import { taskStatusLabel, type TaskListRow } from '../../../../../resources/task';
import { useCachedRead } from '../../../data/cached-read';
import { CREWS_PATH, crewTasksPath } from '../../../data/field-reads';
import { BoardSection, shortDay } from './BoardSection';

/** In progress, or open and planned to have started by today (overdue ones too: they are still the crew's to do). */
const dueBy = (task: TaskListRow, today: string) =>
  task.status === 'progress' || (task.startDate !== null && task.startDate <= today) || (task.endDate !== null && task.endDate <= today);

function when(task: TaskListRow) {
  if (task.startDate && task.endDate && task.startDate !== task.endDate) return `${shortDay(task.startDate)} – ${shortDay(task.endDate)}`;
  const day = task.endDate ?? task.startDate;
  return day ? shortDay(day) : null;
}

/** Today's tasks of the crews the person records for (GET /production/crews: a crew leader's own crews) on this project. */
export function TasksSection({ projectId, today }: { projectId: number; today: string }) {
  const crews = useCachedRead<ProductionCrewOption[]>(CREWS_PATH);
  const crewIds = crews.data?.map((c) => c.id) ?? [];
  const tasks = useCachedRead<TaskListRow[]>(crewIds.length ? crewTasksPath(projectId, crewIds) : null);
  const noCrew = crews.data !== null && crewIds.length === 0;
  // Without a crew the task read stops, and what it last answered is no longer this person's.
  const rows = noCrew ? [] : (tasks.data ?? []).filter((t) => dueBy(t, today));
  return (
    <BoardSection
      title="Today's tasks"
      read={noCrew || crews.data === null ? crews : tasks}
      what="the tasks"
      count={rows.length}
      empty={noCrew ? 'You are in no crew of this company, so no crew tasks show here.' : 'No tasks for your crew today on this project.'}
    >
      {rows.map((task) => {
        const overdue = task.status === 'open' && task.endDate !== null && task.endDate < today;
        return (
          <ListItemButton key={task.id} component="a" href={`/app/tasks/${task.id}`} divider>
            <ListItemText
              primary={task.summary}
              secondary={[when(task), task.crewName, task.typeName].filter(Boolean).join(' · ') || null}
              slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
            />
            <Stack spacing={0.5} alignItems="flex-end" sx={{ ml: 1 }}>
              <Chip label={taskStatusLabel(task.status)} color={task.status === 'progress' ? 'primary' : 'default'} />
              {overdue && <Chip label="Overdue" color="error" />}
            </Stack>
          </ListItemButton>
        );
      })}
    </BoardSection>
  );
}
