import { Stack } from '@mui/material';
import type { DocumentTurn } from '../../../resources/client-decision';
import type { Invoice } from '../../../resources/invoice';
import { DecisionList } from '../../components/DecisionList';
import { WaitingNotice } from '../../components/WaitingNotice';

/** What the viewer is told beside whose move it is: what they themselves can do about it. */
function hint(invoice: Invoice): string | null {
  const turn = invoice.turn!;
  const issuer = invoice.direction === 'sent';
  if (turn.waitingOn === 'client') {
    if (!issuer) return 'Approve it, or reject it with a reason.';
    return invoice.moves.includes('resend')
      ? 'They approve or reject it through the link mailed with it. Send it again if it got lost, or record a decision they gave you another way.'
      : 'Record the decision they give you.';
  }
  if (invoice.status === 'rejected') return issuer ? 'Edit it and send it again.' : null;
  return issuer ? 'Record the payments as they come in.' : 'Mark it paid once you have paid it.';
}

/** The turn as the viewer reads it: their own move says so ("Waiting for your decision", "Waiting for you"). */
function viewerTurn(invoice: Invoice): DocumentTurn {
  const turn = invoice.turn!;
  const issuer = invoice.direction === 'sent';
  if (turn.waitingOn === 'client' && !issuer) return { ...turn, partyName: 'your decision', contactEmail: null };
  if (turn.waitingOn === 'issuer' && issuer) return { ...turn, partyName: 'you', contactEmail: null, sentAt: null };
  return turn;
}

/** Whose move the invoice is and every decision made on it (signed in, through the e-mailed link, or recorded on the client's behalf). */
export function InvoiceTurn({ invoice }: { invoice: Invoice }) {
  if (!invoice.turn && !invoice.decisions.length) return null;
  return (
    <Stack spacing={1}>
      {invoice.turn && <WaitingNotice turn={viewerTurn(invoice)} hint={hint(invoice)} timeZone={invoice.projectTimezone} />}
      <DecisionList decisions={invoice.decisions} timeZone={invoice.projectTimezone} />
    </Stack>
  );
}
