import { Box, Typography } from '@mui/material';
import type { PartnershipInvitationView } from '../../../resources/partnership';
import { sidesOf } from './use-invitation';

/** Who invites whom, as what, and how to reach the inviting company. */
export function InvitationSummary({ invitation }: { invitation: PartnershipInvitationView }) {
  const { host, guest } = sidesOf(invitation);
  const rows: Array<[string, string | null]> = [
    ['From', host.name],
    ['Contact', [host.contactName, host.contactEmail].filter(Boolean).join(' · ') || null],
    ['Invited', guest.name],
    ['As their', invitation.guestType === 'client' ? 'Client' : 'Subcontractor'],
  ];
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        <strong>{host.name}</strong> invites <strong>{guest.name}</strong> to work with them on Fieldwork as their {invitation.guestType}.
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '90px 1fr', gap: 0.5, m: 0 }}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
    </Box>
  );
}
