import { Chip, type ChipProps } from '@mui/material';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../resources/invoice';

const LABEL = Object.fromEntries(INVOICE_STATUSES.map((s) => [s.value, s.label])) as Record<InvoiceStatus, string>;
const COLOR: Record<InvoiceStatus, ChipProps['color']> = {
  draft: 'default',
  submit: 'info',
  unpaid: 'warning',
  partially_paid: 'secondary',
  paid: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export const invoiceStatusLabel = (status: InvoiceStatus) => LABEL[status] ?? status;

/** Draft, Sent, Approved unpaid, Partially paid, Paid, Rejected or Cancelled. */
export function InvoiceStatusChip({ status, size = 'small' }: { status: InvoiceStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={COLOR[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} label={LABEL[status] ?? status} />;
}

/** A calendar day 'YYYY-MM-DD' for people, without a time zone moving it. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
