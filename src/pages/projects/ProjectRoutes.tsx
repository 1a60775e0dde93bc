import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Route, Routes, useNavigate } from 'react-router';
import { projects, type ProjectStatus } from '../../../resources/project';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { ProjectFormDialog } from './ProjectFormDialog';
import { ProjectPage } from './ProjectPage';
import { ProjectStatusChip } from './project-status';

const CELLS: Record<string, GridColDef['renderCell']> = {
  status: ({ value }) => (value ? <ProjectStatusChip status={value as ProjectStatus} /> : null),
};

/** Only projects the active company runs, with projects:manage, offer Delete; the client's and subcontractors' rows are read-only. */
const manageable = (row: Record<string, unknown>) => row.canManage === true;

function EmptyProjects() {
  const navigate = useNavigate();
  const { canManage } = useResource(projects);
  return (
    <Stack spacing={1.5} alignItems="center">
      <Typography color="text.secondary">No projects yet.</Typography>
      {canManage ? (
        <>
          <Typography color="text.secondary" variant="body2">
            Create the first one: its budget, files, people and stations live on its page.
          </Typography>
          <Button variant="outlined" startIcon={<Add />} onClick={() => navigate('/projects/create')}>
            Create the first project
          </Button>
        </>
      ) : (
        <Typography color="text.secondary" variant="body2">
          Projects your company runs, or is the client or a subcontractor of, show here.
        </Typography>
      )}
    </Stack>
  );
}

const ProjectList = ({ dialog }: { dialog?: 'create' }) => (
  <ResourceListPage def={projects} form={ProjectFormDialog} dialog={dialog} editable={false} deletable={manageable} cells={CELLS} empty={<EmptyProjects />} />
);

/** projects (the grid), projects/create (with the new project dialog), and one project with its sections. */
export function ProjectRoutes() {
  return (
    <Routes>
      <Route index element={<ProjectList />} />
      <Route path="create" element={<ProjectList dialog="create" />} />
      <Route path=":projectId/:sectionId?/:entityId?" element={<ProjectPage />} />
    </Routes>
  );
}
