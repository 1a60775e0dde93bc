import { Chip, type ChipProps } from '@mui/material';
import { LOG_STATUSES, type LogStatus } from '../../../resources/log';

const LABEL = Object.fromEntries(LOG_STATUSES.map((s) => [s.value, s.label])) as Record<LogStatus, string>;
const COLOR: Record<LogStatus, ChipProps['color']> = { open: 'info', submitted: 'warning', reviewed: 'success' };

/** Checked in, Submitted or Reviewed. */
export function LogStatusChip({ status }: { status: LogStatus }) {
  return <Chip size="small" color={COLOR[status]} label={LABEL[status] ?? status} />;
}

export const LOGS_PATH = '/logs';
export const LOG_CREWS_PATH = '/logs/crews';
