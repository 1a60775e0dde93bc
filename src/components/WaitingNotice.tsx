import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import { Alert, AlertTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { waitingText, type DocumentTurn } from '../../resources/client-decision';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/**
 * Whose move a waiting document is ("Waiting for Hill Country Power: sent to ap@… on Nov 27"), with
 * what the viewer can do about it beside it (send again, record the decision, record a payment).
 */
export function WaitingNotice({ turn, hint, actions }: { turn: DocumentTurn; hint?: ReactNode; actions?: ReactNode }) {
  return (
    <Alert
      severity={turn.waitingOn === 'client' ? 'info' : 'warning'}
      icon={<HourglassIcon fontSize="inherit" />}
      action={actions}
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, gap: 1, flexWrap: 'wrap' } }}
      role="status"
    >
      <AlertTitle sx={{ mb: hint ? 0.5 : 0, overflowWrap: 'anywhere' }}>{waitingText(turn, day)}</AlertTitle>
      {hint}
    </Alert>
  );
}
