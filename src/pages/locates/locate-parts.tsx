import { Chip, type ChipProps } from '@mui/material';
import { expiryLabel, LOCATE_STATUSES, locateExpiry, RESPONSE_STATUSES, type LocateStatus, type ResponseStatus } from '../../../resources/locate';
import { todayIn } from '../productions/production-status';

const STATUS_LABEL = Object.fromEntries(LOCATE_STATUSES.map((s) => [s.value, s.label])) as Record<LocateStatus, string>;
const STATUS_COLOR: Record<LocateStatus, ChipProps['color']> = { open: 'info', ready: 'success', closed: 'default' };
const RESPONSE_LABEL = Object.fromEntries(RESPONSE_STATUSES.map((s) => [s.value, s.label])) as Record<ResponseStatus, string>;
const RESPONSE_COLOR: Record<ResponseStatus, ChipProps['color']> = { pending: 'default', clear: 'success', marked: 'info', conflict: 'error' };

export function LocateStatusChip({ status }: { status: LocateStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={STATUS_LABEL[status] ?? status} />;
}

export function ResponseStatusChip({ status }: { status: ResponseStatus }) {
  return <Chip size="small" variant="outlined" color={RESPONSE_COLOR[status]} label={RESPONSE_LABEL[status] ?? status} />;
}

/**
 * "Expired" or "Expires in N days" for a ticket that is not closed and expires within
 * EXPIRING_SOON_DAYS, against the device's own day; nothing for the others.
 */
export function ExpiryChip({ expiresOn, status }: { expiresOn: string; status: LocateStatus }) {
  const { daysLeft, expired, expiringSoon } = locateExpiry({ expiresOn, status }, todayIn());
  if (!expired && !expiringSoon) return null;
  return <Chip size="small" color={expired ? 'error' : 'warning'} label={expiryLabel(daysLeft)} />;
}

export const LOCATE_PATHS = {
  list: '/locates/all',
  create: '/locates',
  item: (id: number | string) => `/locates/${id}`,
  responses: (id: number | string) => `/locates/${id}/responses`,
  response: (id: number | string, responseId: number) => `/locates/${id}/responses/${responseId}`,
  activity: (id: number | string) => `/locates/${id}/activity`,
};
