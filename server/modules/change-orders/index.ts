import { acceptChangeOrder } from './operations/accept-change-order.js';
import { budgetItemHistory } from './operations/budget-item-history.js';
import { createChangeOrder } from './operations/create-change-order.js';
import { deleteChangeOrder } from './operations/delete-change-order.js';
import { listChangeOrders } from './operations/list-change-orders.js';
import { rejectChangeOrder } from './operations/reject-change-order.js';
import { sendChangeOrder } from './operations/send-change-order.js';
import { updateChangeOrder } from './operations/update-change-order.js';

export const changeOrderRoutes = [
  listChangeOrders,
  createChangeOrder,
  updateChangeOrder,
  deleteChangeOrder,
  sendChangeOrder,
  acceptChangeOrder,
  rejectChangeOrder,
  budgetItemHistory,
];
