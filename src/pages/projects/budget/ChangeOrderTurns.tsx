import { Button, Stack, Typography } from '@mui/material';
import type { ChangeOrder, ChangeOrderMove } from '../../../../resources/budget';
import type { DocumentTurn } from '../../../../resources/client-decision';
import { formatMoney } from '../../../../resources/money';
import { DecisionList } from '../../../components/DecisionList';
import { WaitingNotice } from '../../../components/WaitingNotice';

/** The buttons a waiting notice offers, in this order, for the moves the viewer has. */
const NOTICE_MOVES: Array<{ move: ChangeOrderMove; label: string; primary?: boolean }> = [
  { move: 'accept', label: 'Accept', primary: true },
  { move: 'sendBack', label: 'Send back' },
  { move: 'send', label: 'Send again', primary: true },
  { move: 'edit', label: 'Edit' },
  { move: 'recordDecision', label: 'Record decision', primary: true },
  { move: 'resend', label: 'Send again' },
  { move: 'changeContact', label: 'Change contact' },
];

/** The turn as the viewer reads it: their own move says so ("Waiting for your decision"), where the mail went being the other side's affair. */
function viewerTurn(co: ChangeOrder, turn: DocumentTurn): DocumentTurn {
  if (turn.waitingOn === 'client' && co.moves.includes('accept')) return { ...turn, partyName: 'your decision', contactEmail: null };
  if (turn.waitingOn === 'issuer' && co.moves.includes('send')) return { ...turn, partyName: co.status === 'rejected' ? 'you to edit and send it again' : 'you' };
  return turn;
}

/** What the change order is, and why it waits: its item and amount, the message it was sent back with, the decisions so far. */
function Hint({ co, timeZone }: { co: ChangeOrder; timeZone?: string }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        Change order #{co.number}: {co.itemName}, {co.quantity} × {formatMoney(co.price)} = {formatMoney(co.amount)}
      </Typography>
      <DecisionList decisions={co.decisions.slice(0, 1)} timeZone={timeZone} />
    </Stack>
  );
}

/**
 * Whose move each waiting change order of the page is, with the moves the viewer has beside it: the
 * client's people accept or send back, the issuer sends again, records a decision it received, or
 * edits and sends again what was sent back.
 */
export function ChangeOrderTurns({ rows, onMove, timeZone }: { rows: readonly ChangeOrder[]; onMove: (move: ChangeOrderMove, co: ChangeOrder) => void; timeZone?: string }) {
  const waiting = rows.filter((co) => co.turn !== null);
  if (!waiting.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Waiting change orders">
      {waiting.map((co) => {
        const buttons = NOTICE_MOVES.filter((m) => co.moves.includes(m.move));
        return (
          <WaitingNotice
            key={co.id}
            turn={viewerTurn(co, co.turn!)}
            hint={<Hint co={co} timeZone={timeZone} />}
            timeZone={timeZone}
            actions={
              buttons.length ? (
                <>
                  {buttons.map((b) => (
                    <Button
                      key={b.move}
                      size="small"
                      variant={b.primary ? 'contained' : 'outlined'}
                      color="inherit"
                      onClick={() => onMove(b.move, co)}
                      aria-label={`${b.label}: change order #${co.number}`}
                      sx={{ minHeight: 40 }}
                    >
                      {b.label}
                    </Button>
                  ))}
                </>
              ) : undefined
            }
          />
        );
      })}
    </Stack>
  );
}
