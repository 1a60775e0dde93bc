import { Box, Typography } from '@mui/material';
import type { InvitationView } from '../../../resources/member';
import { roleLabel } from '../members/member-pickers';

export function MemberInvitationSummary({ invitation }: { invitation: InvitationView }) {
  return (
    <Box>
      <Typography>
        <strong>{invitation.companyName}</strong> invites <strong>{invitation.name}</strong> ({invitation.email}) to join as{' '}
        {roleLabel(invitation.role)}.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Valid until {new Date(invitation.expiresAt).toLocaleDateString()}.
      </Typography>
    </Box>
  );
}
