import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Card,
  IconButton,
  CardContent,
  CardHeader,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Production, ProductionItem, ProductionPhoto } from '../../../../resources/production';
import { PRODUCTION_RESOURCES, deletePhoto, productionPaths, uploadPhotos, useProductionRefresh } from '../production-api';
import { ConfirmDialog } from '../ProductionDialogs';
import { UploadWithProgress } from '../../../components/UploadWithProgress';


/** Several photos of the production or one of its items in one request, with a bar per file. */
function PhotoUpload({ target, label }: { target: { productionId: number } | { itemId: number }; label: string }) {
  const refresh = useProductionRefresh();
  return <UploadWithProgress label={label} icon={<AddAPhotoOutlined />} accept="image/*" upload={(files, onProgress, maxBytes) => uploadPhotos(target, files, onProgress, maxBytes)} onDone={refresh} />;
}

/** The photos as thumbnails opening the picture; a draft's can be deleted. */
function Photos({ production, photos }: { production: Production; photos: ProductionPhoto[] }) {
  const refresh = useProductionRefresh();
  const [deleting, setDeleting] = useState<ProductionPhoto | null>(null);
  if (!photos.length) return <Typography variant="body2" color="text.secondary">No photos yet.</Typography>;
  return (
    <>
      <ImageList cols={3} gap={8} sx={{ m: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr)) !important' }}>
        {photos.map((p) => (
          <ImageListItem key={p.id}>
            <a href={p.url} target="_blank" rel="noreferrer">
              <img src={p.thumbnailUrl ?? p.url} alt={p.name} loading="lazy" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }} />
            </a>
            <ImageListItemBar
              subtitle={p.name}
              actionIcon={
                production.canEdit && (
                  <IconButton aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)} sx={{ color: 'common.white' }}>
                    <DeleteOutline />
                  </IconButton>
                )
              }
            />
          </ImageListItem>
        ))}
      </ImageList>
      {deleting && (
        <ConfirmDialog
          title="Delete photo"
          question={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => deletePhoto(production.id, deleting.id).then(refresh)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

function ItemPhotos({ production, item, photos }: { production: Production; item: ProductionItem; photos: ProductionPhoto[] }) {
  const short = item.photoCount < item.photosNumber;
  return (
    <Card>
      <CardHeader
        title={[item.itemCode, item.itemName].filter(Boolean).join(' · ')}
        subheader={
          <Typography variant="body2" color={short ? 'warning.main' : 'text.secondary'}>
            {item.photoCount} of {item.photosNumber} asked attached
          </Typography>
        }
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          <Photos production={production} photos={photos} />
          {production.canEdit && <PhotoUpload target={{ itemId: item.id }} label={`Add photos of ${item.itemName}`} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The production's photos (GET /production/{id}/files): its own, then each item's with how many
 * were asked (photosNumber) and are attached. productions/inspect/:id/photos/:itemId shows one item's.
 */
export function PhotosSection({ production }: { production: Production }) {
  const { itemId } = useParams();
  const { result, query } = useList<ProductionPhoto>({
    resource: PRODUCTION_RESOURCES.photos,
    meta: { path: productionPaths(production.id).photos },
    pagination: { mode: 'off' },
  });
  if (query.isLoading) return <Skeleton variant="rounded" height={200} />;
  if (query.isError) return <Alert severity="error">The photos could not be loaded. {query.error?.message}</Alert>;
  const of = (id: number | null) => result.data.filter((p) => p.productionItemId === id);
  const one = itemId ? production.items.find((i) => String(i.id) === itemId) : undefined;
  if (one) {
    return (
      <Stack spacing={2}>
        <Link component={RouterLink} to={`/productions/inspect/${production.id}/photos`}>
          All photos
        </Link>
        <ItemPhotos production={production} item={one} photos={of(one.id)} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Card>
        <CardHeader title="The day" subheader="Photos of the production as a whole" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={1.5}>
            <Photos production={production} photos={of(null)} />
            {production.canEdit && <PhotoUpload target={{ productionId: production.id }} label="Add photos" />}
          </Stack>
        </CardContent>
      </Card>
      {production.items.map((item) => (
        <ItemPhotos key={item.id} production={production} item={item} photos={of(item.id)} />
      ))}
    </Stack>
  );
}
