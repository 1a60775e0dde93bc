import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { COMPANY_REQUIRED_FIELDS, createCompanyBody, type CreateCompanyBody } from '../../../resources/company';
import { apiFetch } from '../../api/http';
import { LoadingView } from '../../shell/LoadingView';
import { CompanyFormFields, emptyCompany } from '../companies/CompanyFormFields';
import { AuthLayout } from '../auth/AuthLayout';

/** Creating a top-level company; the creator becomes its Owner and lands on the company page. */
export function RegisterCompanyPage() {
  const navigate = useNavigate();
  const refreshSession = useInvalidateAuthStore();
  const { open } = useNotification();
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'saving' | 'done'>('form');
  const { control, handleSubmit } = useForm<CreateCompanyBody>({
    resolver: zodResolver(createCompanyBody),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyCompany(),
  });
  const values = useWatch({ control });
  const ready = COMPANY_REQUIRED_FIELDS.every((f) => String(values[f] ?? '').trim() !== '');

  const submit = handleSubmit(async (body) => {
    setError(null);
    setPhase('saving');
    try {
      const { data } = await apiFetch<{ id: number }>('/companies', { method: 'POST', body, quiet: true });
      setPhase('done');
      open?.({ type: 'success', message: 'Company Created' });
      await refreshSession();
      navigate(`/companies/${data.id}`, { replace: true });
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
      setPhase('form');
    }
  });

  if (phase !== 'form') return <LoadingView label="Creating company" />;

  return (
    <AuthLayout title="Create your company" wide>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <CompanyFormFields control={control} country={values.country ?? 'US'} autoFocus />
          <Button type="submit" variant="contained" size="large" disabled={!ready} fullWidth>
            CREATE COMPANY
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
