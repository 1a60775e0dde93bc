import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Payments the issuer (or the billed company) records (issue 17): how the money came (check, ACH,
 * wire, card, cash, other) and which company recorded it, so each payment says who recorded it on
 * either side. Rows written before are the issuer's, method unknown.
 */
export function invoicePayments(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('invoice_transactions').addColumn('method', 'text').execute();
      await db.schema.alterTable('invoice_transactions').addColumn('company_id', 'integer', (c) => c.references('companies.id')).execute();
    },
  };
}
