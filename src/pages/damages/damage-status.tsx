import { Chip, type ChipProps } from '@mui/material';
import { damageStatusLabel, type DamageStatus } from '../../../resources/damage';

const COLOR: Record<DamageStatus, ChipProps['color']> = { reported: 'warning', claimed: 'info', in_repair: 'secondary', closed: 'success' };

/** Reported, Claimed, In repair or Closed. */
export function DamageStatusChip({ status, size = 'small' }: { status: DamageStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={COLOR[status] ?? 'default'} label={damageStatusLabel(status)} />;
}

/** The button that moves a damage to `status`: what it does, in words. */
export const MOVE_LABEL: Record<DamageStatus, string> = { reported: 'Reopen', claimed: 'Mark claimed', in_repair: 'Start repair', closed: 'Close' };
