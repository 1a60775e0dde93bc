import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, LinearProgress, Stack, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { downloadFile, saveBlob } from '../../api/download';

/**
 * Downloads a PDF with a progress bar under the button; a failure says why beside it and the button
 * can be pressed again (spec 02 §8: a failed download resets the downloading flag).
 */
export function PdfDownloadButton({
  path,
  filename,
  anonymous = false,
  label = 'Download signed PDF',
  variant = 'outlined',
}: {
  path: string;
  filename: string;
  anonymous?: boolean;
  label?: string;
  variant?: ButtonProps['variant'];
}) {
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const downloading = progress !== undefined;

  const download = async () => {
    setFailure(null);
    setProgress(null);
    try {
      const { blob, filename: given } = await downloadFile(path, { anonymous, onProgress: setProgress });
      saveBlob(blob, given ?? filename);
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Box>
        <Button variant={variant} startIcon={<DownloadIcon />} onClick={download} disabled={downloading}>
          {downloading ? 'Downloading…' : label}
        </Button>
        {downloading && (
          <LinearProgress
            variant={progress === null ? 'indeterminate' : 'determinate'}
            value={progress ?? undefined}
            aria-label="Download progress"
            sx={{ mt: 0.5 }}
          />
        )}
      </Box>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
