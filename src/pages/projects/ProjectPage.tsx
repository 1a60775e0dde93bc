import { Skeleton, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { projects, type Project } from '../../../resources/project';
import type { ApiError } from '../../api/http';
import { ActivityCard } from '../../components/ActivityList';
import { SectionedPage, type PageSection } from '../../components/SectionedPage';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { allows } from '../../../permissions';
import { useResource } from '../../engine/useResource';
import { useSession } from '../../session/useSession';
import { formatSpan, ProjectStatusChip, RelationChip } from './project-status';
import { CrewCompaniesSection } from './sections/CrewCompaniesSection';
import { FilesSection } from './sections/FilesSection';
import { MembersSection } from './sections/MembersSection';
import { OverviewSection } from './sections/OverviewSection';
import { SettingsSection } from './sections/SettingsSection';
import { StationsSection } from './sections/StationsSection';
import { SubProjectsSection } from './sections/SubProjectsSection';

// The budget (items, reviews, change orders, signatures) is a chunk of its own.
const BudgetSection = lazy(() => import('./budget/BudgetSection').then((m) => ({ default: m.BudgetSection })));
const ProjectTasksSection = lazy(() => import('../tasks/ProjectTasksSection').then((m) => ({ default: m.ProjectTasksSection })));

function ProjectHeader({ project }: { project: Project }) {
  const span = formatSpan(project.startDate, project.endDate);
  const client = project.clientName ?? (project.relation === 'client' ? null : 'No client');
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {project.projectName}
        </Typography>
        <ProjectStatusChip status={project.status} />
        {project.relation !== 'owner' && <RelationChip relation={project.relation} />}
      </Stack>
      <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {[
          project.code,
          project.relation === 'owner' ? client && `Client: ${client}` : `Run by ${project.companyName}`,
          project.parentName && `Sub-project of ${project.parentName}`,
          span,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Stack>
  );
}

/**
 * One project at projects/:projectId, its sections at projects/:projectId/:sectionId (the budget also
 * takes an :entityId). Client and subcontractor companies read it; only people who may manage it
 * (canManage) see the buttons that change it.
 */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const { meta } = useResource(projects);
  const seesTasks = allows(useSession().profile, 'tasks:view');
  const { result: project, query } = useOne<Project>({ resource: projects.name, id: projectId, meta, errorNotification: false });
  const error = query.error as ApiError | null;
  return (
    <ShowPageFrame
      backTo="/projects"
      backLabel="Projects"
      loading={query.isLoading}
      row={query.isError ? undefined : project}
      notFound={missingRowText(error, 'project')}
    >
      {(project) => {
        const canManage = project.canManage;
        const sections: PageSection[] = [
          { id: 'overview', label: 'Overview', render: () => <OverviewSection project={project} /> },
          {
            id: 'budget',
            label: 'Budget',
            render: () => (
              <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                <BudgetSection project={project} />
              </Suspense>
            ),
          },
          ...(seesTasks
            ? [
                {
                  id: 'tasks',
                  label: 'Tasks',
                  render: () => (
                    <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
                      <ProjectTasksSection project={project} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          { id: 'files', label: 'Files', render: () => <FilesSection project={project} canManage={canManage} /> },
          { id: 'members', label: 'Members', render: () => <MembersSection project={project} canManage={canManage} /> },
          { id: 'crew-companies', label: 'Crew companies', render: () => <CrewCompaniesSection project={project} canManage={canManage} /> },
          { id: 'stations', label: 'Stations', render: () => <StationsSection project={project} canManage={canManage} /> },
          { id: 'sub-projects', label: 'Sub-projects', render: () => <SubProjectsSection project={project} /> },
          { id: 'settings', label: 'Settings', render: () => <SettingsSection project={project} canManage={canManage} /> },
        ];
        // The audit trail is the running company's; client and subcontractor companies do not read it.
        if (project.relation === 'owner') {
          sections.push({
            id: 'activity',
            label: 'Activity',
            render: () => <ActivityCard subject="project" path={`companies/${project.companyId}/activity`} filters={{ entityType: projects.entityType, entityId: String(project.id) }} pageSize={20} paged timeZone={project.timezone} />,
          });
        }
        return <SectionedPage bare pushHistory basePath={`/projects/${project.id}`} label="Project sections" header={<ProjectHeader project={project} />} sections={sections} />;
      }}
    </ShowPageFrame>
  );
}
