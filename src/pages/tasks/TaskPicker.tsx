import { MenuItem, TextField } from '@mui/material';
import { useList } from '@refinedev/core';
import type { TaskListRow } from '../../../resources/task';
import { projectTasksPath } from './task-api';

/**
 * A task of the project that is open or in progress (task-based production: a production records the
 * work of one task), the crew's first when a crew is chosen.
 */
export function TaskPicker({ projectId, crewId, value, onChange, error, required, disabled }: {
  projectId: number;
  crewId: number | null;
  value: number | null;
  onChange: (taskId: number | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { result, query } = useList<TaskListRow>({
    resource: 'project-tasks',
    meta: { path: projectTasksPath(projectId), quiet: true },
    pagination: { currentPage: 1, pageSize: 200 },
    filters: [{ field: 'status', operator: 'in', value: ['open', 'progress'] }],
    sorters: [{ field: 'startDate', order: 'asc' }],
    errorNotification: false,
  });
  const rows = [...result.data].sort((a, b) => Number(b.crewId === crewId) - Number(a.crewId === crewId));
  return (
    <TextField
      select
      label="Task"
      required={required}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      error={!!error || query.isError}
      helperText={error ?? (query.isError ? 'The tasks could not be loaded.' : !query.isLoading && rows.length === 0 ? 'No open task on this project.' : undefined)}
      disabled={disabled}
    >
      {!required && <MenuItem value="">No task</MenuItem>}
      {rows.map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {[t.summary, t.crewName].filter(Boolean).join(' · ')}
        </MenuItem>
      ))}
    </TextField>
  );
}
