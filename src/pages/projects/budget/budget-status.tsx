import { Chip, type ChipProps } from '@mui/material';
import {
  BUDGET_STATUSES,
  CHANGE_ORDER_STATUSES,
  REVIEW_STATUSES,
  type BudgetStatus,
  type ChangeOrderStatus,
  type ReviewStatus,
} from '../../../../resources/budget';

type Color = ChipProps['color'];
const labelsOf = <T extends string>(list: ReadonlyArray<{ value: T; label: string }>) => Object.fromEntries(list.map((s) => [s.value, s.label])) as Record<T, string>;

const BUDGET_LABEL = labelsOf(BUDGET_STATUSES);
const BUDGET_COLOR: Record<BudgetStatus, Color> = { draft: 'default', submitted: 'info', approved: 'success', rejected: 'error' };
const REVIEW_LABEL = labelsOf(REVIEW_STATUSES);
const REVIEW_COLOR: Record<ReviewStatus, Color> = { pending: 'info', approved: 'success', rejected: 'error', revoked: 'default' };
const CHANGE_ORDER_LABEL = labelsOf(CHANGE_ORDER_STATUSES);
const CHANGE_ORDER_COLOR: Record<ChangeOrderStatus, Color> = { draft: 'default', sent: 'info', accepted: 'success', rejected: 'warning' };

/** Draft, In review, Approved or Rejected. */
export function BudgetStatusChip({ status, size = 'small' }: { status: BudgetStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={BUDGET_COLOR[status]} label={BUDGET_LABEL[status] ?? status} />;
}

export function ReviewStatusChip({ status }: { status: ReviewStatus }) {
  return <Chip size="small" variant="outlined" color={REVIEW_COLOR[status]} label={REVIEW_LABEL[status] ?? status} />;
}

/** Draft, Sent, Accepted or Sent back. */
export function ChangeOrderStatusChip({ status }: { status: ChangeOrderStatus }) {
  return <Chip size="small" variant="outlined" color={CHANGE_ORDER_COLOR[status]} label={CHANGE_ORDER_LABEL[status] ?? status} />;
}

/** A percent as the API answers it (up to three decimals) for people: 10 reads '10 %', 33.333 '33.333 %'. */
export const formatPercent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;

/** An instant for people, in the browser's time zone. */
export const formatInstant = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');
