import { listProjectTasks, listTasks } from './operations/list-tasks.js';
import { listTaskCrews } from './operations/task-crews.js';
import { createTask, deleteTask, getTask, updateTask } from './operations/task-crud.js';
import { addComment, deleteFile, listComments, listFiles, taskActivity, uploadFiles } from './operations/task-talk.js';

/** Tasks (spec 02 §7 Tasks): the list, one task, its comments, activity and files. */
export const taskRoutes = [listTasks, listTaskCrews, listProjectTasks, createTask, getTask, updateTask, deleteTask, listComments, addComment, taskActivity, uploadFiles, listFiles, deleteFile];
