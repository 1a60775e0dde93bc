import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Card, CardContent, CardHeader, IconButton, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { TASK_FILE_CATEGORIES, type Task, type TaskFile } from '../../../resources/task';
import { formatSize } from '../files/files-api';
import { ConfirmDialog } from '../productions/ProductionDialogs';
import { TASK_RESOURCES, deleteTaskFile, taskPaths, uploadTaskFiles, useTaskRefresh } from './task-api';
import { UploadWithProgress } from '../../components/UploadWithProgress';


/**
 * The task's files by category (GET /tasks/{id}/files): photos as thumbnails, documents and others as
 * links; managers and the crew's leader add files, managers and whoever added one delete it.
 */
export function TaskFiles({ task, canAdd }: { task: Task; canAdd: boolean }) {
  const refresh = useTaskRefresh();
  const [deleting, setDeleting] = useState<TaskFile | null>(null);
  const { result, query } = useList<TaskFile>({ resource: TASK_RESOURCES.files, meta: { path: taskPaths(task.id).files }, pagination: { mode: 'off' } });
  return (
    <Card>
      <CardHeader title="Files" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : query.isError ? (
          <Alert severity="error">The files could not be loaded. {query.error?.message}</Alert>
        ) : (
          <Stack spacing={2}>
            {TASK_FILE_CATEGORIES.map((c) => {
              const files = result.data.filter((f) => f.category === c.value);
              return (
                <Stack key={c.value} spacing={1} component="section" aria-label={c.label}>
                  <Typography variant="subtitle2" component="h3">
                    {c.label} ({files.length})
                  </Typography>
                  {c.value === 'photo' && files.length > 0 && (
                    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
                      {files.map((f) => (
                        <Box key={f.id} sx={{ position: 'relative' }}>
                          <a href={f.url} target="_blank" rel="noreferrer">
                            <img src={f.url} alt={f.name} loading="lazy" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 4 }} />
                          </a>
                          {task.canEdit && <IconButton size="small" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)} sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}>
                            <DeleteOutline fontSize="small" />
                          </IconButton>}
                        </Box>
                      ))}
                    </Box>
                  )}
                  {c.value !== 'photo' && files.length > 0 && (
                    <List dense disablePadding>
                      {files.map((f) => (
                        <ListItem
                          key={f.id}
                          disableGutters
                          divider
                          secondaryAction={
                            task.canEdit && (
                              <IconButton edge="end" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
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
                            secondary={[formatSize(f.length), f.uploadedBy].filter(Boolean).join(' · ')}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                  {files.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      None yet.
                    </Typography>
                  )}
                  {canAdd && (
                    <UploadWithProgress
                      label={`Add ${c.label.toLowerCase()}`}
                      icon={<AttachFile />}
                      accept={c.value === 'photo' ? 'image/*' : undefined}
                      upload={(files, onProgress, maxBytes) => uploadTaskFiles(task.id, c.value, files, onProgress, maxBytes)}
                      onDone={refresh}
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </CardContent>
      {deleting && (
        <ConfirmDialog
          title="Delete file"
          question={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => deleteTaskFile(task.id, deleting.id).then(refresh)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
