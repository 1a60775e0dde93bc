import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { apiFetch, type ApiError } from '../../api/http';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from '../auth/AuthLayout';
import { MemberInvitationSummary } from './MemberInvitationSummary';
import { useMemberInvitation } from './use-member-invitation';

/** member-invitation/:token/decline: open to anyone holding the link; an optional reason, then a confirmation. */
export function MemberInvitationDeclinePage() {
  const { token = '' } = useParams();
  const { loading, invitation, error } = useMemberInvitation(token);
  const [reason, setReason] = useState('');
  const [phase, setPhase] = useState<'ready' | 'saving' | 'done'>('ready');
  const [failure, setFailure] = useState<string | null>(null);

  const decline = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setPhase('saving');
    try {
      await apiFetch(`/memberships/invitations/${encodeURIComponent(token)}/decline`, { method: 'PATCH', body: { reason }, anonymous: true, quiet: true });
      setPhase('done');
    } catch (err) {
      setFailure((err as ApiError).message);
      setPhase('ready');
    }
  };

  if (loading) return <LoadingView label="Loading invitation" />;
  if (phase === 'done') {
    return (
      <AuthLayout title="Invitation declined">
        <Alert severity="success">
          You declined the invitation{invitation ? ` to join ${invitation.companyName}` : ''}.{reason.trim() ? ' The company can read your reason.' : ''}
        </Alert>
      </AuthLayout>
    );
  }
  if (!invitation) {
    return (
      <AuthLayout title="Member invitation">
        <Alert severity="error">{error}</Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Decline the invitation">
      <Stack spacing={2} component="form" onSubmit={decline} noValidate>
        <MemberInvitationSummary invitation={invitation} />
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          helperText="Tell the company why, if you like."
        />
        <Button type="submit" variant="contained" color="error" size="large" disabled={phase === 'saving'}>
          Decline invitation
        </Button>
        <Button component={RouterLink} to={`/member-invitation/${encodeURIComponent(token)}/accept`}>
          Accept instead
        </Button>
      </Stack>
    </AuthLayout>
  );
}
