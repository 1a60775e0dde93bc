import { Chip, type ChipProps } from '@mui/material';
import { LOG_STATUSES, type LogStatus, type LogWeather } from '../../../resources/log';

const LABEL = Object.fromEntries(LOG_STATUSES.map((s) => [s.value, s.label])) as Record<LogStatus, string>;
const COLOR: Record<LogStatus, ChipProps['color']> = { open: 'info', submitted: 'warning', reviewed: 'success' };

/** Checked in, Submitted or Reviewed. */
export function LogStatusChip({ status }: { status: LogStatus }) {
  return <Chip size="small" color={COLOR[status]} label={LABEL[status] ?? status} />;
}

/** '21 °C · Rain · wind 12 km/h', from what the weather service said at check-in. */
export function weatherText(w: LogWeather): string {
  return [
    w.temperature === null ? null : `${Math.round(w.temperature)} °C`,
    w.summary,
    w.windSpeed === null ? null : `wind ${Math.round(w.windSpeed)} km/h`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const LOGS_PATH = '/logs';
export const LOG_CREWS_PATH = '/logs/crews';
