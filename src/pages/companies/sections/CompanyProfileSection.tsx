import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { COMPANY_REQUIRED_FIELDS, companyFields } from '../../../../resources/company';
import { apiFetch } from '../../../api/http';
import { ActivityList } from '../../../components/ActivityList';
import { showServerErrors } from '../../../forms/server-errors';
import { CompanyFacts, type Company } from '../CompanyDetails';
import { CompanyFormFields, EMPTY_COMPANY, type CompanyFormValues } from '../CompanyFormFields';
import type { SectionProps } from './section';

const FIELDS = Object.keys(EMPTY_COMPANY);

const formValues = (c: Company): CompanyFormValues => ({
  ein: c.ein ?? '',
  name: c.name,
  address: c.address ?? '',
  country: c.country ?? 'US',
  state: c.state ?? '',
  city: c.city ?? '',
  zip: c.zip ?? '',
  contactName: c.contactName ?? '',
  contactPhone: c.contactPhone ?? '+1 ',
  contactEmail: c.contactEmail ?? '',
  timezone: c.timezone,
});

function CompanyProfileForm({ company, onSaved }: Pick<SectionProps, 'company' | 'onSaved'>) {
  const { open } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFields),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(company),
  });
  const values = useWatch({ control });
  const ready = COMPANY_REQUIRED_FIELDS.every((f) => String(values[f] ?? '').trim() !== '');

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<Company>(`/companies/${company.id}`, { method: 'PATCH', body, quiet: true });
      reset(formValues(data));
      open?.({ type: 'success', message: 'Company Saved' });
      await onSaved(data);
    } catch (err) {
      setFailure(showServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Company profile">
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <CompanyFormFields control={control} country={values.country ?? 'US'} />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={() => reset(formValues(company))} disabled={!formState.isDirty || formState.isSubmitting}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || !formState.isDirty || formState.isSubmitting}>
            Save
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** The company's fields, editable with companies:manage, beside its latest activity. */
export function CompanyProfileSection({ company, canManage, onSaved }: SectionProps) {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card>
          <CardHeader title="Company profile" subheader={canManage ? undefined : 'Only people who manage the company can change it.'} />
          <CardContent>{canManage ? <CompanyProfileForm company={company} onSaved={onSaved} /> : <CompanyFacts company={company} />}</CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Card>
          <CardHeader title="Recent activity" />
          <CardContent>
            <ActivityList path={`companies/${company.id}/activity`} pageSize={5} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
