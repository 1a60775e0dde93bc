import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_CHANGE, profileFields } from '../../../resources/user';
import type { ApiError } from '../../api/http';
import { apiFetch } from '../../api/http';
import { SensitiveValuesView, useSensitiveReveal } from '../../components/SensitiveValues';
import { CountryStateFields } from '../../forms/CountryStateFields';
import { FormTextField } from '../../forms/FormTextField';
import { MASKS } from '../../forms/masks';
import { showServerErrors } from '../../forms/server-errors';
import type { SessionUser } from '../../session/types';

const SSN_MASK = '999-99-9999';

/** The profile fields, plus the current password a new e-mail needs. */
const profileForm = profileFields.extend({ currentPassword: z.string().max(200).optional() });
type ProfileFormValues = z.input<typeof profileForm>;

// The SSN and licence inputs start empty: the user object holds them only masked, and they are
// filled with the whole values only when the person asks to change them.
const formValues = (u: SessionUser): ProfileFormValues => ({
  name: u.name,
  email: u.email,
  phone: u.phone ?? '',
  birthday: u.birthday ?? '',
  address: u.address ?? '',
  country: u.country ?? 'US',
  state: u.state ?? '',
  city: u.city ?? '',
  zip: u.zip ?? '',
  ssn: '',
  driversLicense: '',
  cdl: u.cdl ?? '',
  emergencyContactName: u.emergencyContactName ?? '',
  emergencyContactPhone: u.emergencyContactPhone ?? '',
  currentPassword: '',
});

const FIELDS = [...Object.keys(profileFields.shape), 'currentPassword'];

/**
 * The user's own fields (spec 01 §3 User); a failure is shown on this form, not in the error dialog.
 * A new e-mail asks for the current password and waits for the link mailed to it.
 */
export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const { open } = useNotification();
  const refreshSession = useInvalidateAuthStore();
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [editingIdentity, setEditingIdentity] = useState(false);
  const reveal = useSensitiveReveal('/users/me/sensitive');
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(user),
  });
  const country = useWatch({ control, name: 'country' }) ?? 'US';
  const email = useWatch({ control, name: 'email' }) ?? '';
  const emailChanged = email.trim().toLowerCase() !== user.email;

  const startEditingIdentity = async () => {
    const whole = reveal.values ?? (await reveal.reveal());
    if (!whole) return;
    setValue('ssn', whole.ssn ?? '', { shouldDirty: true });
    setValue('driversLicense', whole.driversLicense ?? '', { shouldDirty: true });
    setEditingIdentity(true);
  };
  const discard = () => {
    reset(formValues(user));
    setEditingIdentity(false);
    reveal.hide();
  };

  const submit = handleSubmit(async ({ ssn, driversLicense, currentPassword, ...fields }) => {
    setFailure(null);
    setPendingEmail(null);
    // Untouched identity numbers are left out: absent fields stay as they are.
    const body = { ...fields, ...(editingIdentity ? { ssn, driversLicense } : {}), ...(fields.email !== user.email ? { currentPassword } : {}) };
    try {
      const { data } = await apiFetch<{ user: SessionUser; pendingEmail?: string }>('/users/me', { method: 'PATCH', body, quiet: true });
      reset(formValues(data.user));
      setEditingIdentity(false);
      reveal.hide();
      setPendingEmail(data.pendingEmail ?? null);
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
        {pendingEmail && (
          <Alert severity="info" onClose={() => setPendingEmail(null)}>
            {EMAIL_CHANGE.sent(pendingEmail)}
          </Alert>
        )}
        <FormTextField control={control} name="name" label="Display name" capitalize autoComplete="name" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <FormTextField control={control} name="phone" label="Phone" mask={MASKS.phone} placeholder={MASKS.phone} autoComplete="tel" />
        </Stack>
        {emailChanged && (
          <FormTextField
            control={control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            helperText="Needed to change your e-mail. A confirmation link goes to the new address."
          />
        )}
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
        <FormTextField control={control} name="cdl" label="CDL" />
        {editingIdentity ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="driversLicense" label="Driver's license" autoComplete="off" />
            <FormTextField control={control} name="ssn" label="SSN" mask={SSN_MASK} placeholder={SSN_MASK} inputMode="numeric" autoComplete="off" />
          </Stack>
        ) : (
          <SensitiveValuesView
            masked={{ ssn: user.ssn, driversLicense: user.driversLicense }}
            reveal={reveal}
            canReveal
            actions={
              <Button size="small" aria-label="Change SSN and driver's license" onClick={() => void startEditingIdentity()} disabled={reveal.loading}>
                Change
              </Button>
            }
          />
        )}
        <Typography variant="subtitle2" color="text.secondary" sx={{ pt: 1 }}>
          Emergency contact
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="emergencyContactName" label="Emergency contact name" capitalize />
          <FormTextField control={control} name="emergencyContactPhone" label="Emergency contact phone" mask={MASKS.phone} placeholder={MASKS.phone} />
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={discard} disabled={(!formState.isDirty && !editingIdentity) || formState.isSubmitting}>
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
