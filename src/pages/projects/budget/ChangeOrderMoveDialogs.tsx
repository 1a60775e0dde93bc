import { useNotification } from '@refinedev/core';
import type { ChangeOrder, ChangeOrderMove } from '../../../../resources/budget';
import { DOCUMENT_DECISIONS, recordedChangeOrderDecision } from '../../../../resources/client-decision';
import { formatMoney } from '../../../../resources/money';
import { RecordDecisionDialog } from '../../../components/RecordDecisionDialog';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { ReasonDialog } from '../../budget-review/ReasonDialog';
import { acceptChangeOrder, deleteChangeOrder, recordChangeOrderDecision, resendChangeOrder, sendBackChangeOrder, type BudgetPaths } from './budget-api';
import { ChangeOrderContactDialog } from './ChangeOrderContactDialog';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { ConfirmActionDialog } from './ConfirmActionDialog';
import { SendChangeOrderDialog } from './SendChangeOrderDialog';

export type OpenMove = { move: ChangeOrderMove; changeOrder: ChangeOrder } | null;

/** The dialog of the move chosen on a change order (from its row or its waiting notice), each worded from the viewer's side. */
export function ChangeOrderMoveDialogs({ open, paths, subProject, onClose }: { open: OpenMove; paths: BudgetPaths; subProject: boolean; onClose: (changed: boolean) => void }) {
  const { open: notify } = useNotification();
  if (!open) return null;
  const co = open.changeOrder;
  const label = `Change order #${co.number}`;
  switch (open.move) {
    case 'edit':
      return <ChangeOrderDialog paths={paths} changeOrder={co} subProject={subProject} onClose={onClose} />;
    case 'send':
      return <SendChangeOrderDialog paths={paths} changeOrder={co} onClose={onClose} />;
    case 'changeContact':
      return <ChangeOrderContactDialog paths={paths} changeOrder={co} onClose={onClose} />;
    case 'delete':
      return (
        <ConfirmDeleteDialog
          wording={{ title: 'Delete change order?', text: `${label} for ${co.itemName} will be deleted.`, confirm: 'Delete' }}
          onConfirm={() => deleteChangeOrder(paths, co.id).then(() => notify?.({ type: 'success', message: `${label} deleted` }))}
          onClose={onClose}
        />
      );
    case 'resend':
      return (
        <ConfirmActionDialog
          title={`Send ${label.toLowerCase()} again?`}
          confirmLabel="Send again"
          onConfirm={() => resendChangeOrder(paths, co.id).then(() => notify?.({ type: 'success', message: `${label} sent again to ${co.contact?.email}` }))}
          onClose={onClose}
        >
          {co.contact?.email} gets the change order again as a PDF with a new link; the link sent before stops working.
        </ConfirmActionDialog>
      );
    case 'accept':
      return (
        <ConfirmActionDialog
          title={`Accept ${label.toLowerCase()}?`}
          confirmLabel="Accept"
          color="success"
          onConfirm={() => acceptChangeOrder(paths, co.id).then(() => notify?.({ type: 'success', message: `${label} accepted` }))}
          onClose={onClose}
        >
          {co.itemName} becomes {co.quantity} × {formatMoney(co.price)} = {formatMoney(co.amount)}
          {co.previousQuantity !== null && co.previousPrice !== null ? ` (now ${co.previousQuantity} × ${formatMoney(co.previousPrice)})` : ''}.
        </ConfirmActionDialog>
      );
    case 'sendBack':
      return (
        <ReasonDialog
          title={`Send back ${label.toLowerCase()}`}
          intro={`${co.itemName}: ${co.quantity} × ${formatMoney(co.price)}. Say what should change; the message goes back with it.`}
          label="Message"
          requiredMessage="Say why it is sent back"
          confirmLabel="Send back"
          onConfirm={async (message) => {
            await sendBackChangeOrder(paths, co.id, message);
            notify?.({ type: 'success', message: `${label} sent back` });
            onClose(true);
          }}
          onClose={() => onClose(false)}
        />
      );
    case 'recordDecision':
      return (
        <RecordDecisionDialog
          title={`Record the client’s decision on ${label.toLowerCase()}`}
          intro={`${co.turn?.partyName ?? 'The client'} accepted or sent back ${co.itemName} (${co.quantity} × ${formatMoney(co.price)}) outside Fieldwork: say who said it and when. Accepting applies the price to the budget.`}
          decisions={DOCUMENT_DECISIONS.change_order}
          schema={recordedChangeOrderDecision}
          defaultName={co.contact?.name ?? ''}
          defaultEmail={co.contact?.email ?? ''}
          onConfirm={async ({ fields, file }, onProgress) => {
            const saved = await recordChangeOrderDecision(paths, co.id, fields, file, onProgress);
            notify?.({ type: 'success', message: `${label} ${saved.status === 'accepted' ? 'accepted' : 'sent back'}: the client’s decision is recorded` });
            onClose(true);
          }}
          onClose={() => onClose(false)}
        />
      );
  }
}
