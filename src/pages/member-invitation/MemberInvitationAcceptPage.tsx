import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { MemberView } from '../../../resources/member';
import { apiFetch, type ApiError } from '../../api/http';
import { profileFromUser } from '../../session/profile';
import { switchToCompany } from '../../session/switch-company';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from '../auth/AuthLayout';
import { openApp } from './app-landing';
import { MemberInvitationSummary } from './MemberInvitationSummary';
import { useMemberInvitation } from './use-member-invitation';

/**
 * members-invitation/:companyId/:token/accept and member-invitation/:token/accept: the signed-in invitee
 * accepts, the company becomes the active one and the app opens in it.
 */
export function MemberInvitationAcceptPage() {
  const { token = '' } = useParams();
  const { user } = useSession();
  const { loading, invitation, error } = useMemberInvitation(token);
  const [phase, setPhase] = useState<'ready' | 'saving' | 'opening'>('ready');
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async () => {
    setFailure(null);
    setPhase('saving');
    try {
      const { data } = await apiFetch<MemberView>(`/memberships/invitations/${encodeURIComponent(token)}/accept`, { method: 'PATCH', quiet: true });
      setPhase('opening');
      openApp(profileFromUser(await switchToCompany(data.companyId, { quiet: true })));
    } catch (err) {
      setFailure((err as ApiError).message);
      setPhase('ready');
    }
  };

  if (loading || phase !== 'ready') return <LoadingView label={loading ? 'Loading invitation' : phase === 'saving' ? 'Accepting invitation' : 'Opening the company'} />;
  if (!invitation) {
    return (
      <AuthLayout title="Member invitation">
        <Stack spacing={2}>
          <Alert severity="error">{error}</Alert>
          <Button component={RouterLink} to="/" variant="outlined">
            Go to the app
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const otherAccount = !!user && user.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <AuthLayout title="Accept the invitation">
      <Stack spacing={2}>
        <MemberInvitationSummary invitation={invitation} />
        {failure && <Alert severity="error">{failure}</Alert>}
        {otherAccount ? (
          <Alert severity="warning">
            You are signed in as {user.email}. This invitation was sent to {invitation.email}: sign out and sign in with that address to accept it.
          </Alert>
        ) : (
          <Button variant="contained" size="large" onClick={accept}>
            Accept invitation
          </Button>
        )}
        {otherAccount && (
          <Button component={RouterLink} to="/logout" variant="outlined">
            Sign out
          </Button>
        )}
        <Button component={RouterLink} to={`/member-invitation/${encodeURIComponent(token)}/decline`}>
          Decline instead
        </Button>
      </Stack>
    </AuthLayout>
  );
}
