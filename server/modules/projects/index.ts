import { listClientProjects, listCompanyProjects, listParentProjects } from './operations/company-project-lists.js';
import { createProject } from './operations/create-project.js';
import { addCrewCompany, listCrewCompanies, removeCrewCompany } from './operations/crew-companies.js';
import { deleteProject } from './operations/delete-project.js';
import { getProject } from './operations/get-project.js';
import { allItemCategories, ownItemCategories, subProjectItemCategories } from './operations/item-categories.js';
import { listProjectsBetween } from './operations/list-between.js';
import { listProjects } from './operations/list-projects.js';
import { listSubProjects } from './operations/list-sub-projects.js';
import { listProjectMemberships, myProjectMemberships, replaceProjectMemberships } from './operations/memberships.js';
import { getProjectOverview } from './operations/overview.js';
import { downloadProductionReport } from './operations/production-report.js';
import { listProjectPeople } from './operations/people.js';
import { addExistingProjectFiles, listProjectFiles, uploadProjectFiles } from './operations/project-files.js';
import { listStations, replaceStations } from './operations/stations.js';
import { updateProject } from './operations/update-project.js';

export const projectRoutes = [
  createProject,
  listCompanyProjects,
  listClientProjects,
  listParentProjects,
  listProjects,
  myProjectMemberships,
  listProjectsBetween,
  getProject,
  updateProject,
  deleteProject,
  uploadProjectFiles,
  addExistingProjectFiles,
  listProjectFiles,
  listProjectMemberships,
  replaceProjectMemberships,
  listProjectPeople,
  listStations,
  replaceStations,
  listCrewCompanies,
  addCrewCompany,
  removeCrewCompany,
  listSubProjects,
  allItemCategories,
  ownItemCategories,
  subProjectItemCategories,
  getProjectOverview,
  downloadProductionReport,
];
