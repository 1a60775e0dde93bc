import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// react-pdf and pdf.js live only in this module, loaded lazily by the preview and by PDF thumbnails.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const spinner = <CircularProgress size={24} />;

/** The first page of a PDF, small, for a card in the grid. */
export function PdfThumbnail({ url, width }: { url: string; width: number }) {
  return (
    <Document file={url} loading={spinner} error={<Typography variant="caption">No preview</Typography>}>
      <Page pageNumber={1} width={width} renderTextLayer={false} renderAnnotationLayer={false} loading={spinner} />
    </Document>
  );
}

/** Every page of a PDF one under the other, at the width of the page. */
export function PdfViewer({ url, width }: { url: string; width: number }) {
  const [pages, setPages] = useState(0);
  const [shown, setShown] = useState(10);
  return (
    <Document
      file={url}
      onLoadSuccess={({ numPages }) => setPages(numPages)}
      loading={spinner}
      error={<Alert severity="error">The PDF could not be shown. Download it instead.</Alert>}
    >
      <Stack spacing={2} alignItems="center">
        {Array.from({ length: Math.min(pages, shown) }, (_, i) => (
          <Box key={i} sx={{ boxShadow: 1 }}>
            <Page pageNumber={i + 1} width={width} renderTextLayer={false} renderAnnotationLayer={false} loading={spinner} />
          </Box>
        ))}
        {pages > shown && (
          <Button onClick={() => setShown((n) => n + 10)}>
            Show more pages ({shown} of {pages})
          </Button>
        )}
      </Stack>
    </Document>
  );
}
