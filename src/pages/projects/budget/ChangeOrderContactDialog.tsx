import { useNotification } from '@refinedev/core';
import type { ChangeOrder } from '../../../../resources/budget';
import { ClientContactDialog } from '../../../components/ClientContactDialog';
import { setChangeOrderContact, type BudgetPaths } from './budget-api';

/** Changes the client contact a change order is mailed to; a sent one goes to it with "Send again". */
export function ChangeOrderContactDialog({ paths, changeOrder, onClose }: { paths: BudgetPaths; changeOrder: ChangeOrder; onClose: (changed: boolean) => void }) {
  const { open: notify } = useNotification();
  return (
    <ClientContactDialog
      title={`Client contact for change order #${changeOrder.number}`}
      intro={
        changeOrder.status === 'sent'
          ? 'The change order is already sent: once changed, send it again so the new contact gets it; the link sent before then stops working.'
          : 'The contact gets the change order as a PDF and a link to accept it or send it back, without an account.'
      }
      initial={changeOrder.contact}
      onSave={async (contact) => {
        await setChangeOrderContact(paths, changeOrder.id, contact);
        notify?.({ type: 'success', message: `Change order #${changeOrder.number} goes to ${contact.contactEmail}` });
        onClose(true);
      }}
      onClose={() => onClose(false)}
    />
  );
}
