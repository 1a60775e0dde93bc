import { Chip, Tooltip, type ChipProps } from '@mui/material';
import {
  PRODUCTION_REVIEW_STATUSES,
  PRODUCTION_STATUSES,
  type ProductionReview,
  type ProductionReviewStatus,
  type ProductionStatus,
} from '../../../resources/production';

type Color = ChipProps['color'];
const labelsOf = <T extends string>(list: ReadonlyArray<{ value: T; label: string }>) => Object.fromEntries(list.map((s) => [s.value, s.label])) as Record<T, string>;

const STATUS_LABEL = labelsOf(PRODUCTION_STATUSES);
const STATUS_COLOR: Record<ProductionStatus, Color> = { draft: 'default', submitted: 'info', approved: 'success', rejected: 'error' };
const REVIEW_LABEL = labelsOf(PRODUCTION_REVIEW_STATUSES);
const REVIEW_COLOR: Record<ProductionReviewStatus, Color> = { pending: 'info', approved: 'success', rejected: 'error' };

/** Draft, Submitted, Approved or Rejected. */
export function ProductionStatusChip({ status, size = 'small' }: { status: ProductionStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={STATUS_COLOR[status]} label={STATUS_LABEL[status] ?? status} />;
}

/** One company's review: whose (own or client), its status, and the reason of a rejection on hover and in the label. */
export function ReviewChip({ review }: { review: ProductionReview }) {
  const whose = review.role === 'own' ? 'Own' : 'Client';
  const label = `${whose} · ${review.companyName}: ${REVIEW_LABEL[review.status] ?? review.status}`;
  const detail = [review.decidedBy && `by ${review.decidedBy}`, review.reason && `Reason: ${review.reason}`].filter(Boolean).join(' · ');
  const chip = <Chip size="small" variant="outlined" color={REVIEW_COLOR[review.status]} label={label} sx={{ maxWidth: '100%' }} />;
  return detail ? (
    <Tooltip title={detail}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

export { formatDay, shiftDay, todayIn } from '../../../resources/calendar-day';
