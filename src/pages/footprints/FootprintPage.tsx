import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FOOTPRINT_SUCCESS, footprints, type Footprint } from '../../../resources/footprint';
import type { ApiError } from '../../api/http';
import { ActivityCard } from '../../components/ActivityList';
import { SectionedPage, withCount, type PageSection } from '../../components/SectionedPage';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { StatusMoves } from '../../components/StatusMoves';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { formatDay } from '../productions/production-status';
import { footprintPaths, moveRestoration, useFootprintRefresh } from './footprint-api';
import { MOVE_LABEL, RestorationChip } from './footprint-status';
import { FootprintPhotos } from './FootprintPhotos';
import { FootprintShape, storedMeasure } from './FootprintShape';

function FootprintHeader({ footprint }: { footprint: Footprint }) {
  const { canManage } = useResource(footprints);
  const refresh = useFootprintRefresh();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h1">
          {footprint.typeName} of {formatDay(footprint.date)}
        </Typography>
        <RestorationChip status={footprint.restorationStatus} size="medium" />
      </Stack>
      <Typography color="text.secondary">
        <Link component={RouterLink} to={`/projects/${footprint.projectId}`}>
          {[footprint.projectCode, footprint.projectName].filter(Boolean).join(' · ')}
        </Link>
        {footprint.crewName ? ` · ${footprint.crewName}` : ''} · {storedMeasure(footprint)}
      </Typography>
      {footprint.notes && <Typography variant="body2">{footprint.notes}</Typography>}
      {canManage && (
        <StatusMoves
          next={footprint.nextStatuses}
          labels={MOVE_LABEL}
          primary="inspected"
          saved={FOOTPRINT_SUCCESS.saved}
          move={(status) => moveRestoration(footprint.id, status).then(refresh)}
        />
      )}
    </Stack>
  );
}

/** One footprint at footprints/:footprintId, its sections at …/:sectionId: map, photos, activity. */
export function FootprintPage() {
  const { footprintId = '' } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(footprints);
  const [deleting, setDeleting] = useState(false);
  const { result: footprint, query } = useOne<Footprint>({ resource: footprints.name, id: footprintId, meta, errorNotification: false });
  const error = query.error as ApiError | null;
  return (
    <ShowPageFrame
      backTo="/footprints"
      backLabel="Footprints"
      loading={query.isLoading}
      row={query.isError ? undefined : footprint}
      notFound={missingRowText(error, 'footprint')}
      actions={
        canManage &&
        footprint?.restorationStatus === 'open' && (
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )
      }
    >
      {(footprint) => {
        const sections: PageSection[] = [
          { id: 'map', label: 'Map', render: () => <FootprintShape footprint={footprint} /> },
          { id: 'photos', label: withCount('Photos', footprint.photoCount), render: () => <FootprintPhotos footprint={footprint} /> },
          {
            id: 'activity',
            label: 'Activity',
            render: () => <ActivityCard subject="footprint" path={footprintPaths(footprint.id).activity} pageSize={20} paged />,
          },
        ];
        return (
          <>
            <SectionedPage bare pushHistory basePath={`/footprints/${footprint.id}`} label="Footprint sections" header={<FootprintHeader footprint={footprint} />} sections={sections} />
            {deleting && (
              <ConfirmDeleteDialog
                def={footprints}
                meta={meta}
                row={footprint as unknown as Record<string, unknown>}
                onClose={(removed) => {
                  setDeleting(false);
                  if (removed) navigate('/footprints');
                }}
              />
            )}
          </>
        );
      }}
    </ShowPageFrame>
  );
}
