import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Button, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { profileFields, type ProfileForm } from '../../../resources/user';
import type { ApiError } from '../../api/http';
import { apiFetch } from '../../api/http';
import { CountryStateFields } from '../../forms/CountryStateFields';
import { FormTextField } from '../../forms/FormTextField';
import { MASKS } from '../../forms/masks';
import { showServerErrors } from '../../forms/server-errors';
import type { SessionUser } from '../../session/types';

const SSN_MASK = '999-99-9999';

const formValues = (u: SessionUser): ProfileForm => ({
  name: u.name,
  email: u.email,
  phone: u.phone ?? '',
  birthday: u.birthday ?? '',
  address: u.address ?? '',
  country: u.country ?? 'US',
  state: u.state ?? '',
  city: u.city ?? '',
  zip: u.zip ?? '',
  ssn: u.ssn ?? '',
  driversLicense: u.driversLicense ?? '',
  cdl: u.cdl ?? '',
  emergencyContactName: u.emergencyContactName ?? '',
  emergencyContactPhone: u.emergencyContactPhone ?? '',
});

const FIELDS = Object.keys(profileFields.shape);

/** The user's own fields (spec 01 §3 User); a failure is shown on this form, not in the error dialog. */
export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const { open } = useNotification();
  const refreshSession = useInvalidateAuthStore();
  const [failure, setFailure] = useState<string | null>(null);
  const [showSsn, setShowSsn] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileForm>({
    resolver: zodResolver(profileFields),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(user),
  });
  const country = useWatch({ control, name: 'country' }) ?? 'US';

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<{ user: SessionUser }>('/users/me', { method: 'PATCH', body, quiet: true });
      reset(formValues(data.user));
      setShowSsn(false);
      open?.({ type: 'success', message: 'Profile Saved' });
      await refreshSession();
    } catch (err) {
      if ((err as ApiError).code === 'EMAIL_TAKEN') setError('email', { type: 'server', message: (err as Error).message });
      setFailure(showServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error" data-testid="profile-error">
            Your profile was not saved: {failure}
          </Alert>
        )}
        <FormTextField control={control} name="name" label="Display name" capitalize autoComplete="name" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <FormTextField control={control} name="phone" label="Phone" mask={MASKS.phone} placeholder={MASKS.phone} autoComplete="tel" />
        </Stack>
        <FormTextField control={control} name="birthday" label="Birthday" type="date" slotProps={{ inputLabel: { shrink: true } }} autoComplete="bday" />
        <FormTextField control={control} name="address" label="Address" autoComplete="street-address" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <CountryStateFields control={control} country={country} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="city" label="City" capitalize autoComplete="address-level2" />
          <FormTextField control={control} name="zip" label="Zip" mask={MASKS.zip} inputMode="numeric" autoComplete="postal-code" />
        </Stack>
        <Typography variant="subtitle2" color="text.secondary" sx={{ pt: 1 }}>
          Licences and identity
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="driversLicense" label="Driver's license" />
          <FormTextField control={control} name="cdl" label="CDL" />
        </Stack>
        <FormTextField
          control={control}
          name="ssn"
          label="SSN"
          mask={SSN_MASK}
          placeholder={SSN_MASK}
          inputMode="numeric"
          // Masked like a password until asked for, so it does not show on a screen others can see.
          type={showSsn ? 'text' : 'password'}
          autoComplete="off"
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={showSsn ? 'Hide SSN' : 'Show SSN'} onClick={() => setShowSsn((v) => !v)} edge="end">
                    {showSsn ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="subtitle2" color="text.secondary" sx={{ pt: 1 }}>
          Emergency contact
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="emergencyContactName" label="Emergency contact name" capitalize />
          <FormTextField control={control} name="emergencyContactPhone" label="Emergency contact phone" mask={MASKS.phone} placeholder={MASKS.phone} />
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={() => reset(formValues(user))} disabled={!formState.isDirty || formState.isSubmitting}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save profile
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
