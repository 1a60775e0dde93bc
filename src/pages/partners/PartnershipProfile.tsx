import { Box, Chip, Typography } from '@mui/material';
import type { PartnershipStatus, PartnershipView } from '../../../resources/partnership';

export const STATUS_LABEL: Record<PartnershipStatus, string> = { active: 'Active', invited: 'Invited', declined: 'Declined' };
const STATUS_COLOR = { active: 'success', invited: 'info', declined: 'warning' } as const;

export function StatusChip({ status }: { status: PartnershipStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} variant="outlined" label={STATUS_LABEL[status]} />;
}

/** What the partnership shares: names, contact, state; the decline reason for the host. */
export function PartnershipProfile({ partnership }: { partnership: PartnershipView }) {
  const typeLabel = partnership.type === 'client' ? 'Client' : 'Subcontractor';
  const rows: Array<[string, string | null]> = [
    ['Name', partnership.name],
    ['Works with you as', typeLabel],
    ['Status', STATUS_LABEL[partnership.status]],
    ['Contact', partnership.contactName],
    ['Contact email', partnership.contactEmail],
    ['Decline reason', partnership.declineReason],
    ['Added by', partnership.side === 'host' ? 'Your company' : partnership.name],
    ['Since', new Date(partnership.createdAt).toLocaleDateString()],
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
