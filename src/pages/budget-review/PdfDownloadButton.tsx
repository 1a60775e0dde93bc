import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Stack, type ButtonProps } from '@mui/material';
import { FileDownloadStatus, useFileDownload } from '../../components/FileDownload';

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
  const file = useFileDownload();
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Box>
        <Button variant={variant} startIcon={<DownloadIcon />} onClick={() => void file.start(path, filename, { anonymous })} disabled={file.downloading}>
          {file.downloading ? 'Downloading…' : label}
        </Button>
      </Box>
      <FileDownloadStatus state={file} />
    </Stack>
  );
}
