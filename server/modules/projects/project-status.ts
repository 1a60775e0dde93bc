import { canMoveProject, PROJECT_MESSAGES, type ProjectStatus, type UpdateProjectInput } from '../../../resources/project.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { ProjectRow } from './project-access.js';
import type { ProjectColumns } from './project-columns.js';

const SUSPENSION_FIELDS = ['suspendStart', 'suspendEnd', 'suspendReason'] as const;
const COLUMNS = {
  suspendStart: 'suspend_start',
  suspendEnd: 'suspend_end',
  suspendReason: 'suspend_reason',
  suspendedShutdownReason: 'suspended_shutdown_reason',
} as const;

const MESSAGES = {
  suspensionOnly: 'Only a suspended project, or one being suspended or resumed, has suspension dates and a reason',
  suspendEndOnly: 'Only the end of the suspension can be recorded as it ends',
  shutdownOnly: 'Only a project being shut down, or shut down, has a shutdown reason',
  shutdownReason: 'A reason for the shutdown is required',
} as const;

const invalid = (problems: Array<{ field: string; message: string }>) => badRequest(`${problems[0]!.field}: ${problems[0]!.message}`, problems);

/**
 * The project's one state machine (resources/project.ts PROJECT_TRANSITIONS) and the fields that go
 * with its moves: suspending needs its start and reason; shutting down needs a reason; resuming may
 * record the suspension's end and keeps the rest of it for the record. Suspension fields change only
 * while suspended (or with the move into or out of it), the shutdown reason only with or after the
 * shutdown. An illegal move is a 409, missing or misplaced fields a 400; the caller writes nothing then.
 * Answers the columns the move sets beside the body's own.
 */
export function statusChange(project: ProjectRow, body: UpdateProjectInput): ProjectColumns {
  const from = project.status as ProjectStatus;
  const to = body.status ?? from;
  if (!canMoveProject(from, to)) throw conflict(`A project that is ${from} cannot become ${to}`, 'ILLEGAL_TRANSITION');
  const moved = to !== from;
  // A form may send back the fields as they are: only a value that differs counts as a change.
  const sent = (field: keyof typeof COLUMNS) => body[field] !== undefined && body[field] !== project[COLUMNS[field]];

  if (to === 'suspended') {
    // Moving in, both come with the move; while suspended, what is not sent stays as recorded.
    const start = moved || body.suspendStart !== undefined ? body.suspendStart : project.suspend_start;
    const reason = moved || body.suspendReason !== undefined ? body.suspendReason : project.suspend_reason;
    const missing = [
      ...(start ? [] : [{ field: 'suspendStart', message: PROJECT_MESSAGES.suspendStart }]),
      ...(reason ? [] : [{ field: 'suspendReason', message: PROJECT_MESSAGES.reason }]),
    ];
    if (missing.length) throw invalid(missing);
    if (sent('suspendedShutdownReason')) throw invalid([{ field: 'suspendedShutdownReason', message: MESSAGES.shutdownOnly }]);
    // A new suspension starts a new record: an end not sent is not the last one's.
    return moved ? { suspend_end: body.suspendEnd ?? null } : {};
  }
  if (moved && to === 'shutdown' && !body.suspendedShutdownReason) throw invalid([{ field: 'suspendedShutdownReason', message: MESSAGES.shutdownReason }]);

  const leavingSuspension = moved && from === 'suspended';
  const misplaced = SUSPENSION_FIELDS.filter((f) => sent(f) && !(leavingSuspension && f === 'suspendEnd'));
  if (misplaced.length) throw invalid(misplaced.map((field) => ({ field, message: leavingSuspension ? MESSAGES.suspendEndOnly : MESSAGES.suspensionOnly })));
  if (sent('suspendedShutdownReason') && to !== 'shutdown') throw invalid([{ field: 'suspendedShutdownReason', message: MESSAGES.shutdownOnly }]);
  if (to === 'shutdown' && sent('suspendedShutdownReason') && !body.suspendedShutdownReason) {
    throw invalid([{ field: 'suspendedShutdownReason', message: MESSAGES.shutdownReason }]);
  }
  return {};
}

/** The merged dates stay in order (the body's own refinement sees only what was sent). */
export function assertDatesInOrder(project: ProjectRow, columns: ProjectColumns) {
  const start = columns.start_date !== undefined ? columns.start_date : project.start_date;
  const end = columns.end_date !== undefined ? columns.end_date : project.end_date;
  if (start && end && end < start) throw invalid([{ field: 'endDate', message: PROJECT_MESSAGES.endBeforeStart }]);
  const suspendStart = columns.suspend_start !== undefined ? columns.suspend_start : project.suspend_start;
  const suspendEnd = columns.suspend_end !== undefined ? columns.suspend_end : project.suspend_end;
  if (suspendStart && suspendEnd && suspendEnd < suspendStart) throw invalid([{ field: 'suspendEnd', message: 'Suspension end must be on or after its start' }]);
}
