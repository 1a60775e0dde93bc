import { createProject } from './operations/create-project.js';
import { getProject } from './operations/get-project.js';

export const projectRoutes = [createProject, getProject];
