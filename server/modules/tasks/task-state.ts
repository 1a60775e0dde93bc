import { canMoveTask, illegalMoveMessage, TASK_REASON_STATUSES, type TaskStatus } from '../../../resources/task.js';
import { conflict } from '../../http/errors.js';

/** 409 unless a task in `from` may move to `to` (resources/task.ts TASK_MOVES); staying is no move. */
export function assertTaskMove(from: string, to: TaskStatus): void {
  if (!canMoveTask(from as TaskStatus, to)) throw conflict(illegalMoveMessage(from, to), 'ILLEGAL_TRANSITION');
}

/**
 * The save rule of spec 02 §4 as stored: the reason stays with a rejected or discarded task (the one
 * sent, else the one it had) and is cleared for any other status.
 */
export function savedReason(status: TaskStatus, sent: string | null | undefined, had: string | null): string | null {
  if (!TASK_REASON_STATUSES.includes(status)) return null;
  return sent === undefined ? had : sent;
}

export const racedMove = () => conflict('The task changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
