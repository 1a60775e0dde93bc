import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { password, REGISTER_MESSAGES } from '../../../resources/user';
import { startSessionWith } from '../../auth/sign-in';
import { FormTextField } from '../../forms/FormTextField';
import { useAfterLogin } from '../../routing/useAfterLogin';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from './AuthLayout';

const resetForm = z
  .object({ password, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, { message: REGISTER_MESSAGES.passwordConfirm, path: ['passwordConfirm'] });
type ResetForm = z.infer<typeof resetForm>;

/** The answer holds a token: the user is signed in straight away (spec 01 §4). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const afterLogin = useAfterLogin();
  const { open: notify } = useNotification();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit } = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    reValidateMode: 'onChange',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const submit = handleSubmit(async ({ password: newPassword }) => {
    setError(null);
    setSaving(true);
    try {
      const user = await startSessionWith('/users/reset-password', { token, password: newPassword });
      notify?.({ type: 'success', message: 'Password was changed' });
      await afterLogin(user, new URLSearchParams());
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
      setSaving(false);
    }
  });
  if (saving) return <LoadingView label="Saving your new password" />;
  return (
    <AuthLayout title="Choose a new password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField control={control} name="password" label="New password" type="password" autoComplete="new-password" autoFocus />
          <FormTextField control={control} name="passwordConfirm" label="Confirm new password" type="password" autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" fullWidth>
            Save password
          </Button>
          <Link component={RouterLink} to="/forgot-password" variant="body2" textAlign="center">
            Request a new link
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
