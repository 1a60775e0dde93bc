import type { FigureQuery, FigureSource } from '../../../../resources/figures.js';
import type { SourceSql } from '../source-sql.js';
import { budgetSql } from './budget.js';
import { changeOrderSql } from './change-order.js';
import { damageSql } from './damage.js';
import { invoiceReceivedSql, invoiceSql } from './invoice.js';
import { locateSql } from './locate.js';
import { logSql } from './log.js';
import { paymentSql } from './payment.js';
import { productionSql } from './production.js';
import { taskSql } from './task.js';

/** Each declared source's SQL for a question; built per request, since a few expressions differ by dialect. */
export const SOURCE_SQL: Record<FigureSource, (q: FigureQuery) => SourceSql> = {
  production: productionSql,
  budget: budgetSql,
  change_order: changeOrderSql,
  invoice: invoiceSql,
  invoice_received: invoiceReceivedSql,
  payment: paymentSql,
  task: taskSql,
  damage: damageSql,
  log: logSql,
  locate: locateSql,
};
