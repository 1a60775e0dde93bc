import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { registerUserForm, type RegisterUserForm } from '../../../resources/user';
import { startSessionWith } from '../../auth/sign-in';
import { FormTextField } from '../../forms/FormTextField';
import { MASKS } from '../../forms/masks';
import { useAfterLogin } from '../../routing/useAfterLogin';
import { profileFromUser } from '../../session/profile';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from '../auth/AuthLayout';
import { openApp } from '../member-invitation/app-landing';

/**
 * User sign-up. Through an invitation link (?invitationToken=…&email=…) the e-mail is prefilled and
 * locked, and the account is created with POST /users/register/{code}.
 */
export function RegisterAccountPage() {
  const [params] = useSearchParams();
  const invitationCode = params.get('invitationToken');
  const invitedEmail = invitationCode ? params.get('email') : null;
  const afterLogin = useAfterLogin();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { control, handleSubmit } = useForm<RegisterUserForm>({
    resolver: zodResolver(registerUserForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', phone: '', email: invitedEmail ?? '', password: '', passwordConfirm: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const path = invitationCode ? `/users/register/${encodeURIComponent(invitationCode)}` : '/users';
      const user = await startSessionWith(path, values);
      // Registering through an invitation joined its company: open the app there, past this page's own guard.
      if (invitationCode) return openApp(profileFromUser(user));
      await afterLogin(user, new URLSearchParams());
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
      setSubmitting(false);
    }
  });

  if (submitting) return <LoadingView label="Creating your account" />;

  return (
    <AuthLayout title="Create your account">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField control={control} name="name" label="Display name" autoComplete="name" capitalize autoFocus />
          <FormTextField control={control} name="phone" label="Phone" autoComplete="tel" mask={MASKS.phone} placeholder={MASKS.phone} />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            disabled={!!invitedEmail}
            helperText={invitedEmail ? 'The invitation was sent to this address' : undefined}
          />
          <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" />
          <FormTextField control={control} name="passwordConfirm" label="Confirm password" type="password" autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" fullWidth>
            Register
          </Button>
          {/* An invitation link carries on to sign-in, for invitees who turn out to have an account. */}
          <Link component={RouterLink} to={`/login${invitationCode ? `?${params}` : ''}`} variant="body2" textAlign="center">
            Already have an account? Log in
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
