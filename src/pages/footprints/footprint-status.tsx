import { Chip, type ChipProps } from '@mui/material';
import { restorationLabel, type RestorationStatus } from '../../../resources/footprint';

const COLOR: Record<RestorationStatus, ChipProps['color']> = { open: 'warning', temporary: 'info', restored: 'secondary', inspected: 'success' };

/** Open, Temporary restoration, Restored or Inspected. */
export function RestorationChip({ status, size = 'small' }: { status: RestorationStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={COLOR[status] ?? 'default'} label={restorationLabel(status)} />;
}

/** The button that moves a footprint's restoration to `status`. */
export const MOVE_LABEL: Record<RestorationStatus, string> = {
  open: 'Reopen',
  temporary: 'Temporary restoration done',
  restored: 'Restored',
  inspected: 'Inspected',
};
