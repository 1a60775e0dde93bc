import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { RESET_REQUESTED_MESSAGES, forgotPasswordBody, type MailDelivery } from '../../../resources/user';
import { apiFetch } from '../../api/http';
import { FormTextField } from '../../forms/FormTextField';
import { AuthLayout } from './AuthLayout';
import { useMailDelivery } from './use-mail-delivery';

type Form = z.input<typeof forgotPasswordBody>;

const LINK_LIFETIME = 'The link works once and expires in one hour.';

/** What to expect once the form is sent: an e-mail only from a server that sends mail. */
const INTRO: Record<MailDelivery | 'unknown', string> = {
  smtp: 'Enter the e-mail you sign in with and we will send you a link to choose a new password.',
  outbox: 'Enter the e-mail you sign in with. This server does not send e-mail: your administrator passes the reset link on to you.',
  unknown: 'Enter the e-mail you sign in with to get a link to choose a new password.',
};

const REQUESTED: Record<MailDelivery | 'unknown', { title: string; text: string }> = {
  smtp: { title: 'Check your e-mail', text: RESET_REQUESTED_MESSAGES.smtp },
  outbox: { title: 'Ask your administrator', text: RESET_REQUESTED_MESSAGES.outbox },
  unknown: { title: 'Reset link requested', text: 'If an account exists for that e-mail, a reset link has been made. If no e-mail reaches you, ask your administrator for it.' },
};

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const delivery = useMailDelivery();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async (body) => {
    setError(null);
    try {
      await apiFetch('/users/forgot-password', { method: 'POST', body, anonymous: true, quiet: true });
      navigate('/forgot-password/requested', { replace: true });
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
    }
  });
  return (
    <AuthLayout title="Forgot your password?">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {INTRO[delivery ?? 'unknown']}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
            Send reset link
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" textAlign="center">
            Back to login
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}

export function ForgotPasswordRequestedPage() {
  const delivery = useMailDelivery();
  const requested = delivery ? REQUESTED[delivery] : null;
  return (
    <AuthLayout title={requested?.title ?? 'Reset link requested'}>
      <Stack spacing={2}>
        {requested ? (
          <Typography>
            {requested.text} {LINK_LIFETIME}
          </Typography>
        ) : (
          <CircularProgress aria-label="Loading" sx={{ alignSelf: 'center' }} />
        )}
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          Back to login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
