import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Button, Card, CardContent, CardHeader, Link, Stack, Typography } from '@mui/material';
import { useNotification, useOne } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FOOTPRINT_SUCCESS, footprints, type Footprint, type RestorationStatus } from '../../../resources/footprint';
import type { ApiError } from '../../api/http';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage, withCount, type PageSection } from '../../components/SectionedPage';
import { ShowPageFrame } from '../../components/ShowPageFrame';
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
  const { open: notify } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const move = async (status: RestorationStatus) => {
    setFailure(null);
    try {
      await moveRestoration(footprint.id, status);
      await refresh();
      notify?.({ type: 'success', message: FOOTPRINT_SUCCESS.saved });
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  };
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
      {canManage && footprint.nextStatuses.length > 0 && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {footprint.nextStatuses.map((status) => (
            <Button key={status} size="small" variant={status === 'inspected' ? 'contained' : 'outlined'} onClick={() => void move(status)}>
              {MOVE_LABEL[status]}
            </Button>
          ))}
        </Stack>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
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
      notFound={error && error.statusCode !== 404 ? `The footprint could not be loaded. ${error.message}` : 'This footprint could not be found.'}
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
            render: () => (
              <Card>
                <CardHeader title="Activity" subheader="Who changed what in this footprint, newest first." slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
                <CardContent>
                  <ActivityList path={footprintPaths(footprint.id).activity} pageSize={20} paged />
                </CardContent>
              </Card>
            ),
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
