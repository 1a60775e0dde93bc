import { createRole } from './operations/create-role.js';
import { deleteRole } from './operations/delete-role.js';
import { listAllRoles } from './operations/list-all-roles.js';
import { listAssignableRoles } from './operations/list-assignable-roles.js';
import { createProjectRole, deleteProjectRole, listAllProjectRoles, listAssignableProjectRoles, updateProjectRole } from './operations/project-roles.js';
import { updateRole } from './operations/update-role.js';

export const roleRoutes = [
  listAllRoles,
  listAssignableRoles,
  createRole,
  updateRole,
  deleteRole,
  listAllProjectRoles,
  listAssignableProjectRoles,
  createProjectRole,
  updateProjectRole,
  deleteProjectRole,
];
