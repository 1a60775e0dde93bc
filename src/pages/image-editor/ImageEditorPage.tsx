import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FILE_MESSAGES, type FileView } from '../../../resources/files';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { dataUrlToBlob, outputType, savedName } from './drawing';
import { ImageEditor } from './ImageEditor';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; file: FileView };

/**
 * image-editor/:id (spec 01 §2, spec 02 §2): the file loaded by id, saved back through
 * PATCH /filesNew/{id} (the server keeps the original as a previous version); closing goes back.
 */
export function ImageEditorPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { open: notify } = useNotification();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    apiFetch<FileView>(`/filesNew/secured/${encodeURIComponent(id)}`, { quiet: true })
      .then(({ data }) => live && setLoaded({ state: 'ready', file: data }))
      .catch((err: Error) => live && setLoaded({ state: 'failed', message: err.message }));
    return () => {
      live = false;
    };
  }, [id]);

  const file = loaded.state === 'ready' ? loaded.file : null;
  // Opened straight from a link there is nothing in this tab to go back to: the file's folder instead.
  const close = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(file ? `/files/${file.folderId}` : '/files', { replace: true });
  };

  if (loaded.state === 'loading')
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading file" />
      </Box>
    );
  if (!file)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
        <Alert severity="error" action={<Button onClick={close}>Close</Button>}>
          {loaded.state === 'failed' ? loaded.message : 'This file could not be opened.'}
        </Alert>
      </Box>
    );
  if (!file.contentType.startsWith('image/'))
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
        <Alert severity="warning" action={<Button onClick={close}>Close</Button>}>
          Only images can be edited here.
        </Alert>
      </Box>
    );

  const save = async (dataUrl: string) => {
    const type = outputType(file.contentType);
    const name = type === file.contentType ? file.filename : savedName(file.filename, type);
    setProgress(0);
    try {
      await uploadFile<FileView>(`/filesNew/${file.id}`, {}, new File([dataUrlToBlob(dataUrl)], name, { type }), setProgress, {
        method: 'PATCH',
        fileField: 'img',
      });
    } finally {
      setProgress(null);
    }
    notify?.({ type: 'success', message: FILE_MESSAGES.fileUpdated });
    close();
  };

  return <ImageEditor src={file.url} contentType={file.contentType} title={file.name} onSave={save} onCancel={close} progress={progress} />;
}
