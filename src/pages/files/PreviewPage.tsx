import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BrushIcon from '@mui/icons-material/Brush';
import DownloadIcon from '@mui/icons-material/Download';
import Straighten from '@mui/icons-material/Straighten';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { FileView } from '../../../resources/files';
import type { ApiError } from '../../api/http';
import { planEditorPath } from '../editor/editor-link';
import { fileKind, formatSize, KIND_LABELS, loadFile } from './files-api';
import { NodeIcon } from './NodeViews';

const PdfViewer = lazy(() => import('./pdf').then((m) => ({ default: m.PdfViewer })));

/** The width a PDF page is drawn at: the space there is, at most 900 pixels. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.min(900, Math.floor(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const spinner = (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label="Loading file" />
  </Box>
);

export function PreviewPage() {
  const { fileId } = useParams();
  const navigate = useNavigate();
  const [file, setFile] = useState<FileView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { ref, width } = useWidth();

  useEffect(() => {
    let live = true;
    setFile(null);
    setError(null);
    loadFile(Number(fileId)).then(
      (f) => live && setFile(f),
      (err: ApiError) => live && setError(err.statusCode === 404 ? 'This file does not exist or you may not see it.' : err.message),
    );
    return () => {
      live = false;
    };
  }, [fileId]);

  const kind = file ? fileKind(file.contentType) : null;
  const location = useLocation();
  return (
    <Stack spacing={2} ref={ref}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
          <IconButton aria-label="Back to the folder" onClick={() => navigate(file ? `/files/${file.folderId}` : '/files')}>
            <ArrowBackIcon />
          </IconButton>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h1" noWrap>
              {file?.name ?? 'File'}
            </Typography>
            {file && (
              <Typography variant="caption" color="text.secondary" component="div">
                {KIND_LABELS[fileKind(file.contentType)]} · {formatSize(file.length)} · uploaded {new Date(file.uploadDate).toLocaleString()}
                {file.uploadedBy ? ` by ${file.uploadedBy.name}` : ''}
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {file && kind === 'image' && file.canManage && (
            <Button startIcon={<BrushIcon />} onClick={() => navigate(`/image-editor/${file.id}`)}>
              Edit image
            </Button>
          )}
          {file && kind === 'pdf' && (
            <Button startIcon={<Straighten />} onClick={() => navigate(planEditorPath(file.id, `${location.pathname}${location.search}`))}>
              Open in plan editor
            </Button>
          )}
          {file && (
            <Button variant="contained" startIcon={<DownloadIcon />} href={file.downloadUrl} download={file.name}>
              Download
            </Button>
          )}
        </Stack>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!file && !error && spinner}
      {file && kind === 'image' && (
        <Box component="img" src={file.url} alt={file.name} sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', alignSelf: 'center', boxShadow: 1 }} />
      )}
      {file && kind === 'pdf' && (
        <Suspense fallback={spinner}>
          <PdfViewer url={file.url} width={width} />
        </Suspense>
      )}
      {file && kind === 'video' && (
        <Box component="video" src={file.url} controls aria-label={file.name} sx={{ maxWidth: '100%', maxHeight: '75vh', alignSelf: 'center', bgcolor: 'black' }} />
      )}
      {file && kind === 'audio' && <Box component="audio" src={file.url} controls aria-label={file.name} />}
      {file && kind !== 'image' && kind !== 'pdf' && kind !== 'video' && kind !== 'audio' && (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <NodeIcon node={{ kind: 'file', item: file }} fontSize="large" />
          <Typography sx={{ mt: 1 }}>There is no preview for this type of file.</Typography>
          <Button sx={{ mt: 2 }} variant="outlined" startIcon={<DownloadIcon />} href={file.downloadUrl} download={file.name}>
            Download {file.name}
          </Button>
        </Paper>
      )}
    </Stack>
  );
}
