import ArrowBack from '@mui/icons-material/ArrowBack';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { homeFor, routeAccess } from '../../../permissions';
import { useSession } from '../../session/useSession';
import { isAvailable } from '../../shell/available-screens';

/**
 * Routes the spec names whose screens this build does not have yet. The route guard has already
 * sent away whoever the rules send elsewhere; whoever may open them lands on the nearest real
 * screen, or on a page saying what is coming and where to go meanwhile, never on a bare 404.
 */

function useOpens() {
  const { profile } = useSession();
  return {
    opens: (path: string) => routeAccess(path, profile, isAvailable).allowed,
    home: `/${homeFor(profile, isAvailable)}`,
  };
}

function ComingPage({ title, children, action }: { title: string; children: ReactNode; action: { label: string; to: string } }) {
  const navigate = useNavigate();
  // 'default' is the key of the first entry: opened from outside the app, there is nowhere to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <ConstructionOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography variant="overline" color="text.secondary" component="p">
          Coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" sx={{ mt: 3 }}>
          {canGoBack && (
            <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(-1)}>
              Go back
            </Button>
          )}
          <Button variant="contained" component={RouterLink} to={action.to}>
            {action.label}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

/** `editor` (spec 02 §2): the PDF plan editor, issue 20. */
export function PdfEditorPage() {
  const { opens, home } = useOpens();
  const action = opens('files') ? { label: 'Open Files', to: '/files' } : { label: 'Go to your home page', to: home };
  return (
    <ComingPage title="Plan editor" action={action}>
      Measuring quantities on plan sheets and marking what a crew built on them is not available yet. Meanwhile plan files open from
      Files and from a project&apos;s Files section.
    </ComingPage>
  );
}

/** `project-board/:projectId` for a crew leader (issue 21): the project's page until the field board exists. */
export function ProjectBoardPage() {
  const { projectId } = useParams();
  const { opens, home } = useOpens();
  if (opens(`projects/${projectId}`)) return <Navigate to={`/projects/${projectId}`} replace />;
  return (
    <ComingPage title="Project board" action={{ label: 'Go to your home page', to: home }}>
      The crew&apos;s board for a project (today&apos;s tasks, the items to produce, locates and damages on site) is not available yet.
    </ComingPage>
  );
}

/** `projects-list` for a crew leader (issue 21): the projects grid until the field list exists. */
export function ProjectsListPage() {
  const { opens, home } = useOpens();
  if (opens('projects')) return <Navigate to="/projects" replace />;
  return (
    <ComingPage title="Your projects" action={{ label: 'Go to your home page', to: home }}>
      The crew leader&apos;s list of projects is not available yet.
    </ComingPage>
  );
}
