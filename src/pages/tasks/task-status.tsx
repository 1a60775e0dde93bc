import { Chip, type ChipProps } from '@mui/material';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../../../resources/task';

type Color = ChipProps['color'];
const STATUS_COLOR: Record<TaskStatus, Color> = { open: 'default', progress: 'info', completed: 'success', rejected: 'error', discarded: 'warning' };
const PRIORITY_COLOR: Record<TaskPriority, Color> = { low: 'default', normal: 'default', high: 'warning', urgent: 'error' };

export function TaskStatusChip({ status, size = 'small' }: { status: TaskStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={STATUS_COLOR[status]} label={TASK_STATUSES.find((s) => s.value === status)?.label ?? status} />;
}

/** Low and normal stay quiet; high and urgent stand out. */
export function TaskPriorityChip({ priority }: { priority: TaskPriority }) {
  return <Chip size="small" variant="outlined" color={PRIORITY_COLOR[priority]} label={TASK_PRIORITIES.find((p) => p.value === priority)?.label ?? priority} />;
}
