import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { forgotPasswordBody } from '../../../resources/user';
import { apiFetch } from '../../api/http';
import { FormTextField } from '../../forms/FormTextField';
import { AuthLayout } from './AuthLayout';

type Form = z.input<typeof forgotPasswordBody>;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
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
            Enter the e-mail you sign in with and we will send you a link to choose a new password.
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
  return (
    <AuthLayout title="Check your e-mail">
      <Stack spacing={2}>
        <Typography>
          If an account exists for that e-mail, a reset link is on its way. The link works once and expires in one hour.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          Back to login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
