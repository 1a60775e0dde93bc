import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { id } from './id.js';
import { decimalQuantityInput } from './money.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * Tasks (spec 02 §3 Task, §4, §7 Tasks): work a company plans on one of its projects, for one of its
 * crews: type, summary, description, where (address, city, state, country), from and to which day,
 * quantities of the project's budget items (decimals with up to three places, answered as text),
 * priority, files by category, comments and activity. Its status moves through the one state
 * machine declared here, used by the server (an illegal move is a 409 that changes nothing) and by
 * the board (which columns a card may be dropped on).
 */

// ---- State machine -----------------------------------------------------------------------------

export const TASK_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'discarded', label: 'Discarded' },
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number]['value'];
const STATUS_VALUES = TASK_STATUSES.map((s) => s.value) as [TaskStatus, ...TaskStatus[]];

/**
 * Where a task may go from each status. Open and in-progress work may start, go back to open, be
 * completed, rejected or discarded; a completed task reopens into progress; a rejected or discarded
 * one reopens as open. Staying in a status is no move (its other fields change freely).
 */
export const TASK_MOVES: Record<TaskStatus, readonly TaskStatus[]> = {
  open: ['progress', 'completed', 'rejected', 'discarded'],
  progress: ['open', 'completed', 'rejected', 'discarded'],
  completed: ['progress'],
  rejected: ['open'],
  discarded: ['open'],
};
/** A new task starts open or in progress. */
export const TASK_INITIAL_STATUSES: readonly TaskStatus[] = ['open', 'progress'];
/** The statuses that keep the reject reason (spec 02 §4); any other clears it. */
export const TASK_REASON_STATUSES: readonly TaskStatus[] = ['rejected', 'discarded'];
/** What a crew's leader without tasks:manage may move their crew's task to (start it, finish it). */
export const TASK_CREW_MOVES: readonly TaskStatus[] = ['progress', 'completed'];

export const canMoveTask = (from: TaskStatus, to: TaskStatus) => from === to || TASK_MOVES[from].includes(to);
export const taskStatusLabel = (status: string) => TASK_STATUSES.find((s) => s.value === status)?.label ?? status;

export const TASK_PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number]['value'];
const PRIORITY_VALUES = TASK_PRIORITIES.map((s) => s.value) as [TaskPriority, ...TaskPriority[]];

export const TASK_FILE_CATEGORIES = [
  { value: 'photo', label: 'Photos' },
  { value: 'document', label: 'Documents' },
  { value: 'other', label: 'Other' },
] as const;
export type TaskFileCategory = (typeof TASK_FILE_CATEGORIES)[number]['value'];
const CATEGORY_VALUES = TASK_FILE_CATEGORIES.map((s) => s.value) as [TaskFileCategory, ...TaskFileCategory[]];

// ---- Messages ----------------------------------------------------------------------------------

export const TASK_MESSAGES = {
  summary: 'Summary is required',
  project: 'Choose a project',
  crew: 'Choose a crew of your company',
  type: 'Choose a task type of your company',
  budgetItem: 'Choose an item of the project budget',
  duplicateItem: 'Each budget item once',
  status: `Must be one of: ${STATUS_VALUES.join(', ')} (approved is saved as progress)`,
  initialStatus: 'A new task starts open or in progress',
  priority: `Must be one of: ${PRIORITY_VALUES.join(', ')}`,
  reason: 'A reason is required to reject',
  dates: 'The end date must not be before the start date',
  date: 'Must be a date (YYYY-MM-DD)',
  comment: 'Write a comment',
  category: `Must be one of: ${CATEGORY_VALUES.join(', ')}`,
  photo: 'A photo must be a PNG, JPEG, GIF or WebP image',
  notYourProject: 'Tasks are kept by the company that runs the project or works on it',
  crewOnly: "Without tasks:manage, only the leader of the task's crew may move it, to in progress or completed",
} as const;

/** The success messages of spec 02 §8, word for word. */
export const TASK_SUCCESS = { created: 'Task Created', saved: 'Task Saved', deleted: 'Task deleted' } as const;

/** 409 text of an illegal move. */
export const illegalMoveMessage = (from: string, to: string) => `A task that is ${taskStatusLabel(from).toLowerCase()} cannot move to ${taskStatusLabel(to).toLowerCase()}`;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

const optionalDate = z
  .union([utcDate, z.null(), z.literal('')], { error: TASK_MESSAGES.date })
  .optional()
  .transform((v) => v || null);

/** A status as sent: 'approved' is saved as progress (spec 02 §4). */
export const taskStatusInput = z
  .enum([...STATUS_VALUES, 'approved'], { error: TASK_MESSAGES.status })
  .transform((v): TaskStatus => (v === 'approved' ? 'progress' : v));

export const taskItemBody = z.object({
  budgetItemId: id(TASK_MESSAGES.budgetItem),
  quantity: decimalQuantityInput,
  description: optionalText(2000),
});
export type TaskItemInput = z.output<typeof taskItemBody>;

const itemsBody = z
  .array(taskItemBody, { error: 'Must be a list of items' })
  .max(500, 'At most 500 items')
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, i) => {
      if (seen.has(item.budgetItemId)) ctx.addIssue({ code: 'custom', path: [i, 'budgetItemId'], message: TASK_MESSAGES.duplicateItem });
      seen.add(item.budgetItemId);
    });
  });

const fieldsShape = {
  typeId: id(TASK_MESSAGES.type).nullable().optional().transform((v) => v ?? null),
  crewId: id(TASK_MESSAGES.crew).nullable().optional().transform((v) => v ?? null),
  summary: text({ error: TASK_MESSAGES.summary }).trim().min(1, TASK_MESSAGES.summary).max(300, 'At most 300 characters'),
  description: optionalText(5000),
  address: optionalText(300),
  city: optionalText(120),
  state: optionalText(80),
  country: optionalText(2),
  startDate: optionalDate,
  endDate: optionalDate,
  priority: z.enum(PRIORITY_VALUES, { error: TASK_MESSAGES.priority }),
  rejectReason: optionalText(2000),
};

const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** POST /projects/{id}/tasks. */
export const createTaskBody = z
  .object({
    ...fieldsShape,
    priority: fieldsShape.priority.default('normal'),
    status: taskStatusInput.default('open'),
    items: itemsBody.default([]),
  })
  .strict()
  .refine(datesInOrder, { message: TASK_MESSAGES.dates, path: ['endDate'] })
  .refine((v) => TASK_INITIAL_STATUSES.includes(v.status), { message: TASK_MESSAGES.initialStatus, path: ['status'] })
  .refine((v) => v.status !== 'rejected' || !!v.rejectReason, { message: TASK_MESSAGES.reason, path: ['rejectReason'] });
export type CreateTaskInput = z.output<typeof createTaskBody>;

/**
 * PATCH /tasks/{id}: what is sent changes; items, when sent, replace the task's. A board move is
 * { status, position }. The dates and the reason are checked against the task as saved.
 */
export const updateTaskBody = z
  .object({
    ...fieldsShape,
    status: taskStatusInput,
    items: itemsBody,
    position: z.number({ error: 'Position must be a number' }).finite('Position must be a number').min(-1e12, 'Position out of range').max(1e12, 'Position out of range'),
  })
  .partial()
  .strict();
export type UpdateTaskInput = z.output<typeof updateTaskBody>;

export const taskCommentBody = z.object({
  comment: text({ error: TASK_MESSAGES.comment }).trim().min(1, TASK_MESSAGES.comment).max(5000, 'At most 5000 characters'),
});

/** The text fields of POST /tasks/{id}/files (multipart): the category; `type` is the entity's type as the original client sends it ('task'). */
export const taskFileFields = z.object({
  category: z.enum(CATEGORY_VALUES, { error: TASK_MESSAGES.category }).default('other'),
  type: text().max(50, 'At most 50 characters').optional(),
});

// ---- Answers -----------------------------------------------------------------------------------

/** A row of GET /tasks and GET /projects/{id}/tasks. */
export interface TaskListRow {
  id: number;
  companyId: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  typeId: number | null;
  typeName: string | null;
  crewId: number | null;
  crewName: string | null;
  summary: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  rejectReason: string | null;
  position: number;
  createdAt: string;
  updatedAt: string;
  /** The caller may edit or delete it (tasks:manage). */
  canEdit: boolean;
  /** The caller may move it on the board: tasks:manage, or the leader of its crew (to TASK_CREW_MOVES). */
  canMove: boolean;
}

export interface TaskItem {
  id: number;
  budgetItemId: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  /** The budget item's unit price, money text. */
  price: string;
  quantity: string;
  description: string | null;
}

/** GET /tasks/{id}. */
export interface Task extends TaskListRow {
  /** The project's IANA zone: the task's trail shows in it. */
  projectTimezone: string;
  description: string | null;
  createdBy: number | null;
  createdByName: string | null;
  items: TaskItem[];
}

export interface TaskComment {
  id: number;
  taskId: number;
  authorName: string;
  body: string;
  createdAt: string;
  mine: boolean;
}

export interface TaskFile {
  /** The file's id. */
  id: number;
  taskId: number;
  category: TaskFileCategory;
  name: string;
  contentType: string;
  length: number;
  url: string;
  uploadedBy: string | null;
  createdAt: string;
}

// ---- The list --------------------------------------------------------------------------------

const fields: ResourceField[] = [
  // Summary and status first: on a phone they are what shows without scrolling.
  { name: 'summary', label: 'Summary', kind: 'text', grid: { flex: 1, width: 220 }, sortable: false },
  { name: 'status', label: 'Status', kind: 'select', options: TASK_STATUSES, grid: { width: 130 }, sortable: true },
  { name: 'priority', label: 'Priority', kind: 'select', options: TASK_PRIORITIES, grid: { width: 110 }, sortable: false },
  { name: 'projectId', label: 'Project', kind: 'reference', reference: { resource: 'projects', labelField: 'projectName', display: 'projectName' }, grid: { width: 180 }, sortable: false },
  { name: 'crewId', label: 'Crew', kind: 'reference', reference: { resource: 'crews', labelField: 'name', display: 'crewName' }, grid: { width: 150 }, sortable: false, nullable: true },
  { name: 'typeId', label: 'Type', kind: 'reference', reference: { resource: 'task-types', labelField: 'name', display: 'typeName' }, grid: { width: 140, hidden: true }, sortable: false, nullable: true },
  { name: 'startDate', label: 'Start', kind: 'date', grid: { width: 120 }, sortable: true, nullable: true },
  { name: 'endDate', label: 'End', kind: 'date', grid: { width: 120 }, sortable: true, nullable: true },
  { name: 'city', label: 'City', kind: 'text', grid: { width: 130, hidden: true }, sortable: false, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/**
 * GET /tasks lists the acting company's tasks (tasks:view); creating, editing and deleting need
 * tasks:manage. A task is created on a project (POST /projects/{id}/tasks), so the resource's create
 * path names the project.
 */
export const tasks = defineResource({
  name: 'tasks',
  entityType: 'task',
  navId: 'tasks',
  label: 'Tasks',
  singular: 'Task',
  titleField: 'summary',
  fields,
  create: createTaskBody as unknown as z.ZodObject,
  update: updateTaskBody as unknown as z.ZodObject,
  paths: { list: '/tasks', create: '/projects/:projectId/tasks', item: '/tasks/:id' },
  permissions: { view: 'tasks:view', manage: 'tasks:manage' },
  messages: TASK_SUCCESS,
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** GET /tasks/crews: a crew a task may name. */
export interface CrewOption {
  id: number;
  name: string;
}
