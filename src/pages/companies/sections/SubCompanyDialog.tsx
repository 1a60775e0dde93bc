import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { COMPANY_REQUIRED_FIELDS, companyFields } from '../../../../resources/company';
import { apiFetch } from '../../../api/http';
import { showServerErrors } from '../../../forms/server-errors';
import type { Company } from '../CompanyDetails';
import { CompanyFormFields, EMPTY_COMPANY, emptyCompany, type CompanyFormValues } from '../CompanyFormFields';

/** A new company under this one (POST /companies with parentId); its creator becomes its Owner. */
export function SubCompanyDialog({ parent, onClose }: { parent: Company; onClose: (created?: Company) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFields),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The parent's place and contact are the likeliest starting point for a branch.
    defaultValues: { ...emptyCompany(), country: parent.country ?? 'US', state: parent.state ?? '', contactPhone: '+1 ' },
  });
  const values = useWatch({ control });
  const ready = COMPANY_REQUIRED_FIELDS.every((f) => String(values[f] ?? '').trim() !== '');

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<Company>('/companies', { method: 'POST', body: { ...body, parentId: parent.id }, quiet: true });
      open?.({ type: 'success', message: 'Company Created' });
      onClose(data);
    } catch (err) {
      setFailure(showServerErrors(err, setError, Object.keys(EMPTY_COMPANY)));
    }
  });

  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="sub-company-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sub-company-title">New sub-company of {parent.name}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <CompanyFormFields control={control} country={values.country ?? 'US'} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!ready || formState.isSubmitting}>
            CREATE COMPANY
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
