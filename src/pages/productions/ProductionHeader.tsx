import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PrintIcon from '@mui/icons-material/Print';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../resources/money';
import { PRODUCTION_SUCCESS, dailySheetFileName, type Production } from '../../../resources/production';
import { downloadFile, saveBlob } from '../../api/download';
import { amendProduction, approveProduction, productionPaths, rejectProduction, submitProduction, useProductionRefresh } from './production-api';
import { ApproveDialog, ConfirmDialog, RejectDialog } from './ProductionDialogs';
import { ProductionStatusChip, ReviewChip, formatDay } from './production-status';

type Asking = 'submit' | 'approve' | 'reject' | 'amend' | null;

/**
 * Downloads the daily production sheet with progress (POST /productions/{id}/report/download). A
 * failure says why where the button is and resets, so it can be pressed again (spec 02 §4).
 */
function useSheetDownload(production: Production) {
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = async () => {
    setFailure(null);
    setProgress(null);
    const controller = new AbortController();
    running.current = controller;
    try {
      const { blob, filename } = await downloadFile(productionPaths(production.id).sheet, { method: 'POST', body: {}, onProgress: setProgress, signal: controller.signal });
      saveBlob(blob, filename ?? dailySheetFileName(production.projectCode, production.date));
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailure(`The daily sheet could not be downloaded. ${(err as Error).message}`);
    } finally {
      running.current = null;
      setProgress(undefined);
    }
  };
  return { downloading: progress !== undefined, progress, failure, clearFailure: () => setFailure(null), start };
}

/** Project, crew, day, status and reviews of a production, with the moves its can* flags allow. */
export function ProductionHeader({ production }: { production: Production }) {
  const { open: notify } = useNotification();
  const refresh = useProductionRefresh();
  const [asking, setAsking] = useState<Asking>(null);
  const sheet = useSheetDownload(production);
  const done = (message: string) => async () => {
    await refresh();
    notify?.({ type: 'success', message });
  };

  return (
    <Stack spacing={1.5}>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {production.crewName} · {formatDay(production.date)}
          </Typography>
          <ProductionStatusChip status={production.status} />
        </Stack>
        <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`/projects/${production.projectId}`}>
            {production.projectCode} · {production.projectName}
          </Link>
          {` · ${production.companyName} · ${production.itemCount} ${production.itemCount === 1 ? 'item' : 'items'} · ${formatMoney(production.amount)}`}
        </Typography>
      </Stack>
      {production.reviews.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label="Reviews">
          {production.reviews.map((r) => (
            <ReviewChip key={r.id} review={r} />
          ))}
        </Stack>
      )}
      {production.status === 'rejected' && production.rejectReason && <Alert severity="error">Rejected: {production.rejectReason}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {production.canSubmit && (
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => setAsking('submit')}>
            Submit
          </Button>
        )}
        {production.canReview && (
          <>
            <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setAsking('approve')}>
              Approve
            </Button>
            <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setAsking('reject')}>
              Reject
            </Button>
          </>
        )}
        {production.canAmend && (
          <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setAsking('amend')}>
            Amend
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void sheet.start()} disabled={sheet.downloading}>
          {sheet.downloading ? 'Downloading…' : 'Download daily sheet'}
        </Button>
        <Button component={RouterLink} to={`/productions/preview/${production.id}`} target="_blank" startIcon={<PrintIcon />}>
          Preview
        </Button>
      </Stack>
      {sheet.downloading && (
        <Box>
          <LinearProgress variant={sheet.progress === null ? 'indeterminate' : 'determinate'} value={sheet.progress ?? undefined} aria-label="Daily sheet download progress" />
        </Box>
      )}
      {sheet.failure && (
        <Alert severity="error" onClose={sheet.clearFailure}>
          {sheet.failure}
        </Alert>
      )}
      {asking === 'submit' && (
        <ConfirmDialog
          title="Submit production"
          question="Submit this production for review? It cannot change until it is amended."
          confirmLabel="Submit"
          onConfirm={() => submitProduction(production.id).then(done(PRODUCTION_SUCCESS.submitted))}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'approve' && (
        <ApproveDialog onApprove={(sendEmail) => approveProduction(production.id, sendEmail).then(done(PRODUCTION_SUCCESS.approved))} onClose={() => setAsking(null)} />
      )}
      {asking === 'reject' && <RejectDialog onReject={(reason) => rejectProduction(production.id, reason).then(done(PRODUCTION_SUCCESS.rejected))} onClose={() => setAsking(null)} />}
      {asking === 'amend' && (
        <ConfirmDialog
          title="Amend production"
          question="Move this production back to draft to correct it? Its reviews start again when it is submitted."
          confirmLabel="Amend"
          onConfirm={() => amendProduction(production.id).then(done(PRODUCTION_SUCCESS.amended))}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}
