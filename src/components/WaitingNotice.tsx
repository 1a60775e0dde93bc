import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import { Alert, AlertTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { waitingText, type DocumentTurn } from '../../resources/client-decision';

/** The day as the project lives it ("Nov 27"), in its zone when known. */
export const shortDayIn = (timeZone?: string) => (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) });

/**
 * Whose move a waiting document is ("Waiting for Hill Country Power: sent to ap@… on Nov 27"), with
 * what the viewer can do about it beside it (send again, record the decision, record a payment).
 */
export function WaitingNotice({ turn, hint, actions, timeZone }: { turn: DocumentTurn; hint?: ReactNode; actions?: ReactNode; timeZone?: string }) {
  return (
    <Alert
      severity={turn.waitingOn === 'client' ? 'info' : 'warning'}
      icon={<HourglassIcon fontSize="inherit" />}
      action={actions}
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, gap: 1, flexWrap: 'wrap' } }}
      role="status"
    >
      <AlertTitle sx={{ mb: hint ? 0.5 : 0, overflowWrap: 'anywhere' }}>{waitingText(turn, shortDayIn(timeZone))}</AlertTitle>
      {hint}
    </Alert>
  );
}
