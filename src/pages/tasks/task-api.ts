import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { Task, TaskComment, TaskFile, TaskFileCategory, TaskStatus } from '../../../resources/task';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';

/** The API paths of one task (spec 02 §7 Tasks). */
export function taskPaths(id: number | string) {
  const task = `/tasks/${id}`;
  return { task, comments: `${task}/comments`, activity: `${task}/activity`, files: `${task}/files` };
}
export const projectTasksPath = (projectId: number | string) => `/projects/${projectId}/tasks`;

/** Refine resource names of what shows tasks, so a change reloads them all (grid, board columns, project section, page). */
export const TASK_RESOURCES = { tasks: 'tasks', board: 'task-board', project: 'project-tasks', files: 'task-files', comments: 'task-comments', activity: 'activity' } as const;

export function useTaskRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () => Promise.all(Object.values(TASK_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] }))).then(() => undefined),
    [invalidate],
  );
}

/** A board move: the status (through the server's state machine) and, when dropped among cards, the place. */
export const moveTask = (id: number, status: TaskStatus, position?: number) =>
  apiFetch<Task>(taskPaths(id).task, { method: 'PATCH', body: position === undefined ? { status } : { status, position }, quiet: true });
export const saveTask = (id: number, body: Record<string, unknown>) => apiFetch<Task>(taskPaths(id).task, { method: 'PATCH', body, quiet: true });
export const createTask = (projectId: number, body: Record<string, unknown>) => apiFetch<Task>(projectTasksPath(projectId), { method: 'POST', body, quiet: true });
export const deleteTask = (id: number) => apiFetch(taskPaths(id).task, { method: 'DELETE', quiet: true });
export const addComment = (id: number, comment: string) => apiFetch<TaskComment>(taskPaths(id).comments, { method: 'POST', body: { comment }, quiet: true });
export const deleteTaskFile = (id: number, fileId: number) => apiFetch(`${taskPaths(id).files}/${fileId}`, { method: 'DELETE' });

/** Files of one category in one request; each file's progress in the order given. */
export const uploadTaskFiles = (id: number, category: TaskFileCategory, files: File[], onFileProgress: (percents: number[]) => void, maxBytes?: number) =>
  uploadFile<TaskFile[]>(taskPaths(id).files, { type: 'task', category }, files, undefined, {
    onFileProgress,
    maxBytes,
    tooLargeMessage: maxBytes ? `A file may be at most ${Math.round(maxBytes / 1024 / 1024)} MB` : undefined,
  });
