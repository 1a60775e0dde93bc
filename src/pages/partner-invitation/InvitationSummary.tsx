import { Box, Typography } from '@mui/material';
import type { PartnershipInvitationView } from '../../../resources/partnership';
import { DocumentFacts } from '../client-decision/PublicDocumentShell';
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
      <DocumentFacts facts={rows} />
    </Box>
  );
}
