import { acceptChangeOrder } from './operations/accept-change-order.js';
import { budgetItemHistory } from './operations/budget-item-history.js';
import { changeOrderPdf } from './operations/change-order-pdf.js';
import { createChangeOrder } from './operations/create-change-order.js';
import { deleteChangeOrder } from './operations/delete-change-order.js';
import { listChangeOrders } from './operations/list-change-orders.js';
import { publicAcceptChangeOrder, publicChangeOrder, publicChangeOrderPdf, publicSendBackChangeOrder } from './operations/public-change-order.js';
import { recordChangeOrderDecision } from './operations/record-change-order-decision.js';
import { rejectChangeOrder } from './operations/reject-change-order.js';
import { resendChangeOrder } from './operations/resend-change-order.js';
import { sendChangeOrder } from './operations/send-change-order.js';
import { changeOrderContact } from './operations/set-change-order-contact.js';
import { updateChangeOrder } from './operations/update-change-order.js';

export const changeOrderRoutes = [
  listChangeOrders,
  createChangeOrder,
  updateChangeOrder,
  deleteChangeOrder,
  sendChangeOrder,
  resendChangeOrder,
  changeOrderContact,
  acceptChangeOrder,
  rejectChangeOrder,
  recordChangeOrderDecision,
  changeOrderPdf,
  budgetItemHistory,
  publicChangeOrder,
  publicChangeOrderPdf,
  publicAcceptChangeOrder,
  publicSendBackChangeOrder,
];
