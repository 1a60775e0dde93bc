import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { declineInvitationBody, type DeclineInvitationBody, type PartnershipInvitationView } from '../../../resources/partnership';
import { apiFetch, type ApiError } from '../../api/http';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from '../auth/AuthLayout';
import { InvitationSummary } from './InvitationSummary';
import { ANSWERED, sidesOf, useInvitation } from './use-invitation';

/** partner-invitation/:token/:type/decline: open to anyone holding the link; the reason goes to the inviting company. */
export function PartnerInvitationDeclinePage() {
  const { token = '' } = useParams();
  const { loading, error, invitation, update } = useInvitation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<DeclineInvitationBody>({
    resolver: zodResolver(declineInvitationBody),
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });
  const decline = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<PartnershipInvitationView>(`/partnerships/invitations/${encodeURIComponent(token)}/decline`, { method: 'PATCH', body, quiet: true });
      update(data);
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  });

  if (loading) return <LoadingView label="Loading invitation" />;
  if (!invitation) {
    return (
      <AuthLayout title="Partner invitation">
        <Alert severity="error">{error}</Alert>
      </AuthLayout>
    );
  }
  if (invitation.status === 'declined' && invitation.declineReason) {
    return (
      <AuthLayout title="Invitation declined">
        <Stack spacing={2}>
          <Alert severity="success">You declined the invitation. {sidesOf(invitation).host.name} will see your reason.</Alert>
          <InvitationSummary invitation={invitation} />
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Decline the invitation">
      <Stack spacing={2} component="form" onSubmit={decline} noValidate>
        <InvitationSummary invitation={invitation} />
        {invitation.status !== 'pending' ? (
          <Alert severity="info">{ANSWERED[invitation.status]}</Alert>
        ) : (
          <>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Controller
              name="reason"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Reason"
                  placeholder={`Tell ${sidesOf(invitation).host.name} why`}
                  multiline
                  minRows={3}
                  autoFocus
                  fullWidth
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Kept with the invitation for the company that sent it'}
                />
              )}
            />
            <Button type="submit" color="error" variant="contained" size="large" disabled={formState.isSubmitting}>
              Decline invitation
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
