import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { Project } from '../../../../resources/project';
import { useCachedRead } from '../../data/cached-read';
import { projectPath } from '../../data/field-reads';
import { useMobileSession } from '../../session';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { dayIn } from './board/BoardSection';
import { BudgetItemsSection } from './board/BudgetItemsSection';
import { PlanSheetsSection } from './board/PlanSheetsSection';
import { DamagesSection, LocatesSection } from './board/SiteSections';
import { TasksSection } from './board/TasksSection';
import { ReadStatus } from '../../shell/ReadStatus';

function BoardActions({ projectId }: { projectId: number }) {
  const actions = [
    { to: `/productions/create?projectId=${projectId}`, label: 'Record production', icon: <AssignmentOutlined /> },
    { to: `/logs?projectId=${projectId}`, label: 'Check in', icon: <PlaceOutlined /> },
    { to: `/damages/create?projectId=${projectId}`, label: 'Report damage', icon: <ReportProblemOutlined /> },
  ];
  return (
    <Stack component="nav" aria-label="Project actions" spacing={1}>
      {actions.map((a, i) => (
        <Button key={a.to} component={Link} to={a.to} variant={i === 0 ? 'contained' : 'outlined'} size="large" startIcon={a.icon} sx={{ minHeight: 56 }}>
          {a.label}
        </Button>
      ))}
    </Stack>
  );
}

function Board({ projectId }: { projectId: number }) {
  const project = useCachedRead<Project>(projectPath(projectId));
  const p = project.data;
  const today = dayIn(p?.timezone);
  const details = p ? [p.projectNumber ? `No. ${p.projectNumber}` : null, p.code, [p.address, p.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ') : '';
  return (
    <>
      <ScreenHeader title={p?.projectName ?? 'Project'} back="/projects-list" />
      <Box sx={{ p: 2, display: 'grid', gap: 3, minWidth: 0 }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <ReadStatus read={project} what="the project" />
          {details && <Typography sx={{ overflowWrap: 'anywhere' }}>{details}</Typography>}
        </Box>
        {!project.error && (
          <>
            <BoardActions projectId={projectId} />
            <TasksSection projectId={projectId} today={today} />
            <BudgetItemsSection projectId={projectId} />
            <LocatesSection projectId={projectId} today={today} />
            <DamagesSection projectId={projectId} />
            <PlanSheetsSection projectId={projectId} />
          </>
        )}
      </Box>
    </>
  );
}

/** One project's day for the crew. The board is the crew leader's (spec 01 §2): anyone else goes to the desktop dashboard. */
export default function ProjectBoardScreen() {
  const { projectId } = useParams();
  const allowed = useMobileSession().ability.can('open', 'project-board');
  useEffect(() => {
    if (!allowed) window.location.replace('/app/dashboard');
  }, [allowed]);
  if (!allowed) return <LinearProgress aria-label="Opening the dashboard" />;
  return <Board key={projectId} projectId={Number(projectId)} />;
}
