import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { holds } from '../../../permissions';
import { partnerResourceOf, type PartnershipView } from '../../../resources/partnership';
import { apiFetch, type ApiError } from '../../api/http';
import { switchToCompany } from '../../session/switch-company';
import type { Membership } from '../../session/types';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from '../auth/AuthLayout';
import { InvitationSummary } from './InvitationSummary';
import { ANSWERED, sidesOf, useInvitation } from './use-invitation';

/** Accepting binds a company, so only memberships whose role manages partnerships may do it. */
const mayAccept = (m: Membership) =>
  holds({ signedIn: true, hasMembership: true, roleName: m.role.name, inCrew: m.inCrew, rolePermissions: m.role.permissions, selfPermissions: [] }, 'partnerships:manage');

/** partner-invitation/:token/:type/accept: signed in with a company (the route rules see to that), for one of the user's companies. */
export function PartnerInvitationAcceptPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, activeMembership } = useSession();
  const { loading, error, invitation } = useInvitation(token);
  // The inviting company cannot accept its own invitation.
  const hostId = invitation ? sidesOf(invitation).host.id : null;
  const eligible = (user?.memberships ?? []).filter((m) => mayAccept(m) && m.companyId !== hostId);
  const [chosen, setChosen] = useState<number | null>(null);
  const companyId = chosen ?? (eligible.some((m) => m.id === activeMembership?.id) ? activeMembership!.companyId : (eligible[0]?.companyId ?? null));
  const [phase, setPhase] = useState<'ready' | 'saving' | 'done'>('ready');
  const [failure, setFailure] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<PartnershipView | null>(null);

  const accept = async () => {
    if (companyId === null) return;
    setFailure(null);
    setPhase('saving');
    try {
      const { data } = await apiFetch<PartnershipView>(`/partnerships/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'PATCH',
        headers: { 'X-Company-Id': String(companyId) },
        quiet: true,
      });
      setAccepted(data);
      setPhase('done');
    } catch (err) {
      setFailure((err as ApiError).message);
      setPhase('ready');
    }
  };
  const open = async () => {
    const target = `${partnerResourceOf(accepted!.type).name}/${accepted!.id}`;
    if (companyId === activeMembership?.companyId) return navigate(`/${target}`);
    // The partnership lives in the company it was accepted for: make it the active one, as the switcher does.
    await switchToCompany(companyId);
    window.location.assign(`/app/${target}`);
  };

  if (loading || phase === 'saving') return <LoadingView label={loading ? 'Loading invitation' : 'Accepting invitation'} />;
  if (!invitation) {
    return (
      <AuthLayout title="Partner invitation">
        <Alert severity="error">{error}</Alert>
      </AuthLayout>
    );
  }
  const host = sidesOf(invitation).host.name;
  if (accepted) {
    return (
      <AuthLayout title="Invitation accepted">
        <Stack spacing={2}>
          <Alert severity="success">
            You now work with {host} as their {invitation.guestType}.
          </Alert>
          <Button variant="contained" size="large" onClick={open}>
            Open {host}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Accept the invitation">
      <Stack spacing={2}>
        <InvitationSummary invitation={invitation} />
        {invitation.status !== 'pending' ? (
          <Alert severity="info">{ANSWERED[invitation.status]}</Alert>
        ) : !eligible.length ? (
          <Alert severity="warning">
            {(user?.memberships ?? []).some((m) => m.companyId === hostId)
              ? 'Your company sent this invitation: the invited company answers it.'
              : 'Only an owner or project manager of your company can accept a partner invitation.'}
          </Alert>
        ) : (
          <>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField select label="Accept for" value={companyId ?? ''} onChange={(e) => setChosen(Number(e.target.value))} fullWidth>
              {eligible.map((m) => (
                <MenuItem key={m.id} value={m.companyId}>
                  {m.company.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" size="large" onClick={accept}>
              Accept invitation
            </Button>
            <Button onClick={() => navigate(`/partner-invitation/${encodeURIComponent(token)}/${invitation.guestType}/decline`)}>Decline instead</Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
