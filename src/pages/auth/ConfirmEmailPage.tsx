import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useInvalidateAuthStore } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EMAIL_CHANGE } from '../../../resources/user';
import { apiFetch } from '../../api/http';
import { AuthLayout } from './AuthLayout';

type State = { step: 'ready' | 'saving' } | { step: 'done'; email: string } | { step: 'failed'; message: string };

/**
 * The link mailed to a new address (/app/confirm-email?token=…). It confirms on a button press, not
 * on load, so a mail scanner opening the link does not spend it. Works signed in or not.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const refreshSession = useInvalidateAuthStore();
  const [state, setState] = useState<State>(token ? { step: 'ready' } : { step: 'failed', message: EMAIL_CHANGE.invalid });

  const confirm = async () => {
    setState({ step: 'saving' });
    try {
      const { data } = await apiFetch<{ email: string }>('/users/confirm-email', { method: 'POST', body: { token }, anonymous: true, quiet: true });
      setState({ step: 'done', email: data.email });
      await refreshSession();
    } catch (err) {
      setState({ step: 'failed', message: (err as Error).message });
    }
  };

  return (
    <AuthLayout title="Confirm your new e-mail">
      <Stack spacing={2}>
        {state.step === 'done' ? (
          <>
            <Alert severity="success">Your e-mail is now {state.email}. Sign in with it from now on.</Alert>
            <Link component={RouterLink} to="/profile" textAlign="center">
              Go to your profile
            </Link>
          </>
        ) : state.step === 'failed' ? (
          <>
            <Alert severity="error">Error: {state.message}</Alert>
            <Typography variant="body2" color="text.secondary">
              Ask for a new link by changing your e-mail again on your profile.
            </Typography>
            <Link component={RouterLink} to="/profile" textAlign="center">
              Go to your profile
            </Link>
          </>
        ) : (
          <>
            <Typography>Confirm to make this address the e-mail you sign in with.</Typography>
            <Button variant="contained" size="large" fullWidth onClick={() => void confirm()} disabled={state.step === 'saving'}>
              Confirm e-mail
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
