import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Straighten from '@mui/icons-material/Straighten';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, Card, CardContent, CardHeader, IconButton, List, ListItem, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { holds } from '../../../../permissions';
import { FILE_MESSAGES } from '../../../../resources/files';
import { PROJECT_FILE_TYPES, PROJECT_SUCCESS, type Project, type ProjectFile, type ProjectFileType } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { uploadFile } from '../../../api/upload';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { useSession } from '../../../session/useSession';
import { planEditorPath } from '../../editor/editor-link';
import { formatSize, useMaxUploadMb } from '../../files/files-api';
import { UploadPanel, type UploadEntry } from '../../files/UploadPanel';
import { AddFromFilesDialog } from './AddFromFilesDialog';

const PdfOptimiseDialog = lazy(() => import('./PdfOptimiseDialog').then((m) => ({ default: m.PdfOptimiseDialog })));

/** POST /projects/{id}/files/{type} answers what it kept and each file it refused, with why. */
interface ProjectUploadAnswer {
  files: ProjectFile[];
  errors: Array<{ filename: string; message: string }>;
}

/**
 * Sends the chosen files in one POST /projects/{id}/files/{type}, as the file manager does, with a bar
 * per file below 100 until the server answers; "File uploaded" once kept, and each refused file says
 * why under its bar (the first reason is also the error notice).
 */
function useProjectUploads(projectId: number, type: ProjectFileType, maxMb: number | null, onUploaded: () => void) {
  const { open: notify } = useNotification();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const seq = useRef(0);
  const upload = useCallback(
    async (chosen: File[]) => {
      const limit = maxMb === null ? Infinity : maxMb * 1024 * 1024;
      if (maxMb !== null && chosen.some((f) => f.size > limit)) notify?.({ type: 'error', message: FILE_MESSAGES.tooLarge(maxMb), key: `project-files-too-large-${type}` });
      const sending = chosen.filter((f) => f.size <= limit);
      if (!sending.length) return;
      const batch = sending.map((f) => ({ id: `${type}-${++seq.current}`, name: f.name, percent: 0, done: false }));
      const ids = new Set(batch.map((b) => b.id));
      const update = (fn: (e: UploadEntry, i: number) => UploadEntry) =>
        setEntries((all) => {
          let i = 0;
          return all.map((e) => (ids.has(e.id) ? fn(e, i++) : e));
        });
      setEntries((all) => [...all.filter((e) => !e.done), ...batch]);
      try {
        const answer = await uploadFile<ProjectUploadAnswer>(`/projects/${projectId}/files/${type}`, {}, sending, undefined, {
          maxBytes: maxMb === null ? undefined : limit,
          tooLargeMessage: maxMb === null ? undefined : FILE_MESSAGES.tooLarge(maxMb),
          onFileProgress: (percents) => update((e, i) => ({ ...e, percent: percents[i] ?? e.percent })),
        });
        const refused = new Map(answer.errors.map((er) => [er.filename, er.message]));
        update((e) => ({ ...e, done: true, percent: 100, error: refused.get(e.name) }));
        if (answer.errors.length) notify?.({ type: 'error', message: answer.errors[0]!.message, key: `project-files-error-${type}` });
        if (answer.files.length) {
          notify?.({ type: 'success', message: PROJECT_SUCCESS.fileUploaded, key: `project-files-uploaded-${type}` });
          onUploaded();
        }
      } catch (err) {
        const message = (err as ApiError).message;
        update((e) => ({ ...e, done: true, error: message }));
        notify?.({ type: 'error', message, key: `project-files-error-${type}` });
      }
    },
    [projectId, type, maxMb, notify, onUploaded],
  );
  return { entries, upload, dismiss: () => setEntries((all) => all.filter((e) => !e.done)) };
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

function FileGroup({
  project,
  type,
  label,
  canManage,
  canPick,
  maxMb,
}: {
  project: Project;
  type: ProjectFileType;
  label: string;
  canManage: boolean;
  /** May add files of the company's file manager (manages the project and holds files:view). */
  canPick: boolean;
  maxMb: number | null;
}) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  // The plan editor's Close comes back here.
  const here = useLocation().pathname;
  const { result, query } = useList<ProjectFile>({
    resource: 'project-files',
    meta: { path: `/projects/${project.id}/files` },
    filters: [{ field: 'type', operator: 'eq', value: type }],
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const refresh = useCallback(() => {
    void invalidate({ resource: 'project-files', invalidates: ['list'] });
    void invalidate({ resource: 'project-overview', invalidates: ['detail'], id: project.id });
  }, [invalidate, project.id]);
  const { entries, upload, dismiss } = useProjectUploads(project.id, type, maxMb, refresh);
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<ProjectFile | null>(null);
  const [picking, setPicking] = useState(false);
  const inputId = `project-files-${type}`;

  return (
    <Card>
      <CardHeader
        title={label}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          canManage && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <input
                ref={input}
                id={inputId}
                type="file"
                multiple
                hidden
                aria-label={`Choose ${label.toLowerCase()} files`}
                onChange={(e) => {
                  void upload(Array.from(e.target.files ?? []));
                  e.target.value = '';
                }}
              />
              <Button startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()}>
                Upload
              </Button>
              {canPick && (
                <Button startIcon={<LibraryAddOutlined />} onClick={() => setPicking(true)} aria-label={`Add from files: ${label}`}>
                  Add from files
                </Button>
              )}
            </Stack>
          )
        }
        sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1}>
          <UploadPanel entries={entries} onDismiss={dismiss} />
          {query.isLoading ? (
            <Skeleton variant="rounded" height={56} />
          ) : query.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => query.refetch()}>
                  Try again
                </Button>
              }
            >
              The {label.toLowerCase()} files could not be loaded.
            </Alert>
          ) : result.data.length === 0 ? (
            <Typography color="text.secondary">{canManage ? `No ${label.toLowerCase()} files yet. Upload one.` : `No ${label.toLowerCase()} files yet.`}</Typography>
          ) : (
            <List dense disablePadding aria-label={`${label} files`}>
              {result.data.map((f) => (
                <ListItem
                  key={f.id}
                  divider
                  disableGutters
                  secondaryAction={
                    <Stack direction="row">
                      {f.contentType === 'application/pdf' && (
                        <Tooltip title="Open in plan editor">
                          <IconButton component={RouterLink} to={planEditorPath(f.id, here)} aria-label={`Open ${f.name} in plan editor`}>
                            <Straighten fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title="Open">
                        <IconButton component="a" href={f.url} target="_blank" rel="noopener" aria-label={`Open ${f.name}`}>
                          <OpenInNew fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Download">
                        <IconButton component="a" href={f.url} download={f.name} aria-label={`Download ${f.name}`}>
                          <DownloadOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {canManage && (
                        <Tooltip title="Delete">
                          <IconButton onClick={() => setDeleting(f)} aria-label={`Delete ${f.name}`}>
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Stack>
                  }
                  sx={{ pr: canManage ? 15 : 10 }}
                >
                  <ListItemText
                    primary={f.name}
                    secondary={[formatSize(f.length), f.uploadedBy, day(f.createdAt)].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
      {picking && <AddFromFilesDialog projectId={project.id} type={type} label={label} onAdded={refresh} onClose={() => setPicking(false)} />}
      {deleting && (
        <ConfirmDeleteDialog
          wording={{ title: 'Delete file?', text: `“${deleting.name}” will be deleted from the project. This cannot be undone.`, confirm: 'Delete' }}
          onConfirm={async () => {
            await apiFetch(`/filesNew/${deleting.id}`, { method: 'DELETE' });
            notify?.({ type: 'success', message: PROJECT_SUCCESS.fileDeleted });
            refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}

/** The project's files in three groups (spec 02 §3 Project file): contract, work order and other. */
export function FilesSection({ project, canManage }: { project: Project; canManage: boolean }) {
  const maxMb = useMaxUploadMb();
  const { profile } = useSession();
  // The file manager's files are the running company's, seen through its file rules (files:view).
  const canPick = canManage && project.relation === 'owner' && holds(profile, 'files:view');
  const [optimising, setOptimising] = useState(false);
  const invalidate = useInvalidate();
  const converted = useCallback(() => {
    void invalidate({ resource: 'project-files', invalidates: ['list'] });
    void invalidate({ resource: 'project-overview', invalidates: ['detail'], id: project.id });
  }, [invalidate, project.id]);
  return (
    <Stack spacing={2}>
      {canManage && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<PhotoLibraryOutlined />} onClick={() => setOptimising(true)}>
            Optimise PDF
          </Button>
        </Stack>
      )}
      {optimising && (
        <Suspense fallback={null}>
          <PdfOptimiseDialog projectId={project.id} maxMb={maxMb} onConverted={converted} onClose={() => setOptimising(false)} />
        </Suspense>
      )}
      {project.relation === 'owner' && project.folderId !== null && holds(profile, 'files:view') && (
        <Typography variant="body2" color="text.secondary">
          The files are kept in the project's folder of the file manager.{' '}
          <Button size="small" component={RouterLink} to={`/files/${project.folderId}`} startIcon={<FolderOpenOutlined />}>
            Open the folder
          </Button>
        </Typography>
      )}
      {PROJECT_FILE_TYPES.map((t) => (
        <FileGroup key={t.value} project={project} type={t.value} label={t.label} canManage={canManage} canPick={canPick} maxMb={maxMb} />
      ))}
    </Stack>
  );
}
