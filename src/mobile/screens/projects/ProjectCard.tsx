import { Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PROJECT_STATUSES, type Project } from '../../../../resources/project';

/** GET /projects answers distanceKm on each project when asked for nearest first (near=lat,lng). */
export type ProjectRow = Project & { distanceKm?: number | null };

const statusLabel = (status: string) => PROJECT_STATUSES.find((s) => s.value === status)?.label ?? status;
const km = (value: number) => `${value.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;

/** One project as a card the whole of which opens its board: name, numbers, where, status and, nearest first, how far. */
export function ProjectCard({ project }: { project: ProjectRow }) {
  const numbers = [project.projectNumber ? `No. ${project.projectNumber}` : null, project.code].filter(Boolean).join(' · ');
  const place = [project.address, project.city, project.state].filter(Boolean).join(', ');
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', borderWidth: 2 }}>
      <CardActionArea component={Link} to={`/project-board/${project.id}`} sx={{ p: 2, minHeight: 72, display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5 }}>
        <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="baseline">
          <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {project.projectName}
          </Typography>
          {typeof project.distanceKm === 'number' && <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{km(project.distanceKm)}</Typography>}
        </Stack>
        {numbers && <Typography sx={{ overflowWrap: 'anywhere' }}>{numbers}</Typography>}
        {place && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {place}
          </Typography>
        )}
        <Chip label={statusLabel(project.status)} sx={{ alignSelf: 'flex-start' }} />
      </CardActionArea>
    </Card>
  );
}
