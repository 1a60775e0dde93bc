import { Chip } from '@mui/material';
import { PROJECT_STATUSES, PROJECT_TRANSITIONS, type ProjectRelation, type ProjectStatus } from '../../../resources/project';

export const STATUS_LABEL = Object.fromEntries(PROJECT_STATUSES.map((s) => [s.value, s.label])) as Record<ProjectStatus, string>;
const STATUS_COLOR = { planned: 'info', active: 'success', suspended: 'warning', completed: 'primary', shutdown: 'error' } as const satisfies Record<ProjectStatus, string>;

export function ProjectStatusChip({ status }: { status: ProjectStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={STATUS_LABEL[status] ?? status} />;
}

const RELATION_LABEL: Record<Exclude<ProjectRelation, 'owner'>, string> = { client: 'You are the client', subcontractor: 'You are a subcontractor' };

/** How the active company stands to a project it does not run, shown to client and subcontractor viewers. */
export function RelationChip({ relation }: { relation: Exclude<ProjectRelation, 'owner'> }) {
  return <Chip size="small" variant="outlined" color="secondary" label={RELATION_LABEL[relation]} />;
}

/** One status move the settings offer: its button, and what its dialog asks. */
export interface StatusAction {
  to: ProjectStatus;
  label: string;
  /** Suspend asks for its dates and reason, resume for the day the suspension ended, shut down for its reason; the rest only confirm. */
  asks: 'suspension' | 'resumption' | 'shutdown' | 'nothing';
  question: string;
}

function actionTo(from: ProjectStatus, to: ProjectStatus): StatusAction {
  switch (to) {
    case 'active':
      if (from === 'planned') return { to, label: 'Start', asks: 'nothing', question: 'Start the project? Its status becomes Active.' };
      if (from === 'suspended') return { to, label: 'Resume', asks: 'resumption', question: 'Resume the project? Its status becomes Active again; the suspension is kept on record.' };
      return { to, label: 'Reopen', asks: 'nothing', question: 'Reopen the completed project? Its status becomes Active again.' };
    case 'suspended':
      return { to, label: 'Suspend', asks: 'suspension', question: 'Suspend the project from a date, with the reason.' };
    case 'completed':
      return { to, label: 'Complete', asks: 'nothing', question: 'Mark the project completed? It can be reopened later.' };
    case 'shutdown':
      return { to, label: 'Shut down', asks: 'shutdown', question: 'Shut the project down for good? This cannot be undone.' };
    default:
      return { to, label: STATUS_LABEL[to], asks: 'nothing', question: `Move the project to ${STATUS_LABEL[to]}?` };
  }
}

/** The moves PROJECT_TRANSITIONS allows from a status, in the order the buttons show. */
export const statusActions = (from: ProjectStatus): StatusAction[] => (PROJECT_TRANSITIONS[from] ?? []).map((to) => actionTo(from, to));

/** A 'YYYY-MM-DD' project date for people ('Mar 5, 2026'), read as the calendar day it names. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const d = new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });
}

/** 'Mar 5, 2026 – Sep 30, 2026', or whichever end is known. */
export function formatSpan(start: string | null, end: string | null): string {
  if (start && end) return `${formatDay(start)} – ${formatDay(end)}`;
  if (start) return `From ${formatDay(start)}`;
  if (end) return `Until ${formatDay(end)}`;
  return '';
}
