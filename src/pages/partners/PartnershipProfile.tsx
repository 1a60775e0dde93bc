import { Box, Chip, Typography } from '@mui/material';
import { STATUS_OPTIONS, type PartnershipStatus, type PartnershipView } from '../../../resources/partnership';

export const STATUS_LABEL = Object.fromEntries(STATUS_OPTIONS.map((o) => [o.value, o.label])) as Record<PartnershipStatus, string>;
const STATUS_COLOR = { requested: 'info', invited: 'info', active: 'success', declined: 'warning', ended: 'default' } as const satisfies Record<PartnershipStatus, string>;

export function StatusChip({ status }: { status: PartnershipStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} variant="outlined" label={STATUS_LABEL[status]} />;
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Who ended it, from the side of the company looking. */
function endedText(p: PartnershipView) {
  if (!p.endedAt) return null;
  return `${day(p.endedAt)}, by ${p.endedBy === p.side ? 'your company' : p.name}`;
}

/** What the partnership shares: names, contact (once the asked company accepted), state, and how it was answered or ended. */
export function PartnershipProfile({ partnership }: { partnership: PartnershipView }) {
  const typeLabel = partnership.type === 'client' ? 'Client' : 'Subcontractor';
  const hostSide = partnership.side === 'host';
  const rows: Array<[string, string | null]> = [
    ['Name', partnership.name],
    ['Works with you as', typeLabel],
    ['Status', STATUS_LABEL[partnership.status]],
    ['Contact', partnership.contactName],
    ['Contact email', partnership.contactEmail],
    ['Decline reason', partnership.declineReason],
    ['Added by', hostSide ? 'Your company' : partnership.name],
    ['Since', day(partnership.createdAt)],
    ['Ended', endedText(partnership)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
