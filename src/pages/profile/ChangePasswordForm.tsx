import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordForm, type ChangePasswordForm as Values } from '../../../resources/user';
import { apiFetch } from '../../api/http';
import { FormTextField } from '../../forms/FormTextField';
import { showServerErrors } from '../../forms/server-errors';

const EMPTY: Values = { currentPassword: '', password: '', passwordConfirm: '' };

/** PATCH /users/me/change-password; this session stays, every other one ends. */
export function ChangePasswordForm() {
  const { open } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(changePasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    setFailure(null);
    setChanged(false);
    try {
      await apiFetch('/users/me/change-password', { method: 'PATCH', body: { currentPassword, password }, quiet: true });
      reset(EMPTY);
      setChanged(true);
      open?.({ type: 'success', message: 'Password Changed' });
    } catch (err) {
      setFailure(showServerErrors(err, setError, ['currentPassword', 'password']));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error" data-testid="password-error">
            Your password was not changed: {failure}
          </Alert>
        )}
        {changed && (
          <Alert severity="success" onClose={() => setChanged(false)}>
            Password was changed. You stay signed in here; your other sessions were signed out.
          </Alert>
        )}
        <FormTextField control={control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <FormTextField control={control} name="password" label="New password" type="password" autoComplete="new-password" />
        <FormTextField control={control} name="passwordConfirm" label="Confirm new password" type="password" autoComplete="new-password" />
        <Stack direction="row" justifyContent="flex-end">
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Change password
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
