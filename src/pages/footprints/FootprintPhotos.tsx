import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Card, CardContent, CardHeader, IconButton, ImageList, ImageListItem, ImageListItemBar, Skeleton, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { footprints, type Footprint, type FootprintPhoto } from '../../../resources/footprint';
import type { ApiError } from '../../api/http';
import { useResource } from '../../engine/useResource';
import { FOOTPRINT_RESOURCES, deleteFootprintPhoto, footprintPaths, uploadFootprintPhotos, useFootprintRefresh } from './footprint-api';
import { UploadWithProgress } from '../../components/UploadWithProgress';

/** The footprint's photos (before, during and after restoration): thumbnails, added several at once with a bar per file. */
export function FootprintPhotos({ footprint }: { footprint: Footprint }) {
  const { canManage } = useResource(footprints);
  const refresh = useFootprintRefresh();
  const [failure, setFailure] = useState<string | null>(null);
  const { result, query } = useList<FootprintPhoto>({ resource: FOOTPRINT_RESOURCES.photos, meta: { path: footprintPaths(footprint.id).files }, pagination: { mode: 'off' } });
  const remove = async (photo: FootprintPhoto) => {
    setFailure(null);
    try {
      await deleteFootprintPhoto(footprint.id, photo.id);
      await refresh();
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  };
  return (
    <Card>
      <CardHeader title="Photos" subheader="The ground before, during and after its restoration" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {query.isLoading ? (
            <Skeleton variant="rounded" height={160} />
          ) : query.isError ? (
            <Alert severity="error">The photos could not be loaded. {query.error?.message}</Alert>
          ) : !result.data.length ? (
            <Typography variant="body2" color="text.secondary">
              No photos yet.
            </Typography>
          ) : (
            <ImageList cols={3} gap={8} sx={{ m: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr)) !important' }}>
              {result.data.map((p) => (
                <ImageListItem key={p.id}>
                  <a href={p.url} target="_blank" rel="noreferrer">
                    <img src={p.url} alt={p.name} loading="lazy" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }} />
                  </a>
                  <ImageListItemBar
                    subtitle={p.name}
                    actionIcon={
                      canManage && (
                        <IconButton aria-label={`Delete ${p.name}`} onClick={() => void remove(p)} sx={{ color: 'common.white' }}>
                          <DeleteOutline />
                        </IconButton>
                      )
                    }
                  />
                </ImageListItem>
              ))}
            </ImageList>
          )}
          {canManage && (
            <UploadWithProgress
              label="Add photos"
              icon={<AddAPhotoOutlined />}
              accept="image/*"
              variant="outlined"
              upload={(files, onProgress, maxBytes) => uploadFootprintPhotos(footprint.id, files, onProgress, maxBytes)}
              onDone={refresh}
            />
          )}
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
