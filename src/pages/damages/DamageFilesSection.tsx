import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import type { DamageDetail, DamageFile, DamageFileCategory } from '../../../resources/damage';
import type { ApiError } from '../../api/http';
import { useResource } from '../../engine/useResource';
import { damages } from '../../../resources/damage';
import { DAMAGE_RESOURCES, damagePaths, deleteDamageFile, uploadDamageFiles, useDamageRefresh } from './damage-api';
import { UploadWithProgress } from '../../components/UploadWithProgress';

const COPY: Record<DamageFileCategory, { title: string; subheader: string; add: string; empty: string }> = {
  files: { title: 'Files', subheader: 'Photos of the damage, reports, letters', add: 'Add files', empty: 'No files yet.' },
  proof: { title: 'Proof of amount', subheader: 'Invoices, estimates and receipts behind the amount claimed', add: 'Add proof of amount', empty: 'No proof of amount yet.' },
};

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);


/** One category of a damage's files (GET /damages/{id}/files?category=…): open, download, delete; add with progress. */
export function DamageFilesSection({ damage, category }: { damage: DamageDetail; category: DamageFileCategory }) {
  const { canManage } = useResource(damages);
  const refresh = useDamageRefresh();
  const [failure, setFailure] = useState<string | null>(null);
  const { result, query } = useList<DamageFile>({
    resource: DAMAGE_RESOURCES.files,
    meta: { path: damagePaths(damage.id).files },
    filters: [{ field: 'category', operator: 'eq', value: category }],
    pagination: { mode: 'off' },
  });
  const remove = async (file: DamageFile) => {
    setFailure(null);
    try {
      await deleteDamageFile(damage.id, file.id);
      await refresh();
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  };
  const copy = COPY[category];
  return (
    <Card>
      <CardHeader title={copy.title} subheader={copy.subheader} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {query.isLoading ? (
            <Skeleton variant="rounded" height={80} />
          ) : query.isError ? (
            <Alert severity="error">The files could not be loaded. {query.error?.message}</Alert>
          ) : result.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {copy.empty}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={copy.title}>
              {result.data.map((f) => (
                <ListItem
                  key={f.id}
                  divider
                  disableGutters
                  secondaryAction={
                    canManage && (
                      <IconButton edge="end" aria-label={`Delete ${f.name}`} onClick={() => void remove(f)}>
                        <DeleteOutline />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText
                    primary={
                      <Link href={f.url} target="_blank" rel="noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                        {f.name}
                      </Link>
                    }
                    secondary={[size(f.length), f.uploadedBy, new Date(f.createdAt).toLocaleString()].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          {canManage && (
            <UploadWithProgress
              label={COPY[category].add}
              icon={<AttachFile />}
              variant="outlined"
              upload={(files, onProgress, maxBytes) => uploadDamageFiles(damage.id, category, files, onProgress, maxBytes)}
              onDone={refresh}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
