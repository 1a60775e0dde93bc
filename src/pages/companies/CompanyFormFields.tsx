import { Stack } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { CreateCompanyBody } from '../../../resources/company';
import { localTimeZone } from '../../../resources/time-zone';
import { CountryStateFields } from '../../forms/CountryStateFields';
import { FormTextField } from '../../forms/FormTextField';
import { MASKS } from '../../forms/masks';
import { TimeZonePicker } from '../../components/TimeZonePicker';

/** The company form's values, as the registration form and the company pages edit them. */
export type CompanyFormValues = Omit<CreateCompanyBody, 'parentId'>;

export const EMPTY_COMPANY: CompanyFormValues = {
  ein: '',
  name: '',
  address: '',
  country: 'US',
  state: '',
  city: '',
  zip: '',
  contactName: '',
  contactPhone: '+1 ',
  contactEmail: '',
  timezone: '',
};

/** A new company's blank form; its time zone is proposed from the browser's. */
export const emptyCompany = (): CompanyFormValues => ({ ...EMPTY_COMPANY, timezone: localTimeZone() });

/** The company fields of spec 01 §3 with their masks: registration, company profile and sub-company forms share them. */
export function CompanyFormFields<T extends CompanyFormValues>({
  control,
  country,
  autoFocus,
}: {
  control: Control<T>;
  country: string;
  autoFocus?: boolean;
}) {
  // Every form that extends the company values has these fields; the checker cannot see that through the generic.
  const c = control as unknown as Control<CompanyFormValues>;
  return (
    <Stack spacing={2}>
      <FormTextField control={c} name="name" label="Company name" autoFocus={autoFocus} />
      <FormTextField control={c} name="ein" label="EIN (optional)" mask={MASKS.ein} placeholder={MASKS.ein} />
      <FormTextField control={c} name="address" label="Address" autoComplete="street-address" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <CountryStateFields control={c} country={country} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={c} name="city" label="City" capitalize />
        <FormTextField control={c} name="zip" label="Zip" mask={MASKS.zip} inputMode="numeric" />
      </Stack>
      <FormTextField control={c} name="contactName" label="Contact name" capitalize />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={c} name="contactPhone" label="Contact phone" mask={MASKS.phone} placeholder={MASKS.phone} />
        <FormTextField control={c} name="contactEmail" label="Contact email" type="email" />
      </Stack>
      <Controller
        name="timezone"
        control={c}
        render={({ field, fieldState }) => (
          <TimeZonePicker value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message} helperText="New projects start in it." />
        )}
      />
    </Stack>
  );
}
