import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, CardHeader, FormControlLabel, InputAdornment, Stack, Switch, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { invoiceSettingsBody, type InvoiceSettings, type InvoiceSettingsForm } from '../../../../resources/company-invoice';
import { apiFetch } from '../../../api/http';
import { FormTextField } from '../../../forms/FormTextField';
import { showServerErrors } from '../../../forms/server-errors';
import type { Company } from '../CompanyDetails';
import type { SectionProps } from './section';

const FIELDS = ['invoiceNumberPrefix', 'nextInvoiceNumber', 'paymentTermsDays', 'defaultRetainagePercent', 'remitTo', 'footerNotes'];

const formValues = (s: InvoiceSettings): InvoiceSettingsForm => ({
  invoiceNumberPrefix: s.invoiceNumberPrefix,
  nextInvoiceNumber: String(s.nextInvoiceNumber),
  paymentTermsDays: String(s.paymentTermsDays),
  defaultRetainagePercent: s.defaultRetainagePercent,
  remitTo: s.remitTo ?? '',
  footerNotes: s.footerNotes ?? '',
  clientSignature: s.clientSignature,
});

const terms = (days: unknown) => (String(days) === '0' ? 'Due on receipt' : `Due ${String(days)} days after issue`);

function Summary({ settings }: { settings: InvoiceSettings }) {
  const rows: Array<[string, string]> = [
    ['Next invoice', `${settings.invoiceNumberPrefix}${settings.nextInvoiceNumber}`],
    ['Payment terms', terms(settings.paymentTermsDays)],
    ['Retainage', `${settings.defaultRetainagePercent}%`],
    ['Remit to', settings.remitTo ?? '—'],
    ['Footer notes', settings.footerNotes ?? '—'],
    ['Client signature', settings.clientSignature ? 'Clients sign what they approve through a link' : 'Not asked'],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function InvoiceSettingsForm({ company, onSaved }: Pick<SectionProps, 'company' | 'onSaved'>) {
  const { open } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<InvoiceSettingsForm, unknown, InvoiceSettings>({
    resolver: zodResolver(invoiceSettingsBody),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(company.invoiceSettings),
  });
  const [prefix, next, days] = useWatch({ control, name: ['invoiceNumberPrefix', 'nextInvoiceNumber', 'paymentTermsDays'] });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<Company>(`/companies/${company.id}/invoice`, { method: 'POST', body, quiet: true });
      reset(formValues(data.invoiceSettings));
      open?.({ type: 'success', message: 'Invoice Settings Saved' });
      await onSaved(data);
    } catch (err) {
      setFailure(showServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invoice settings">
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="invoiceNumberPrefix" label="Invoice number prefix" helperText="Letters, digits and - / # . _" />
          <FormTextField control={control} name="nextInvoiceNumber" label="Next invoice number" inputMode="numeric" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="paymentTermsDays"
            label="Payment terms"
            inputMode="numeric"
            helperText="0 means due on receipt"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } }}
          />
          <FormTextField
            control={control}
            name="defaultRetainagePercent"
            label="Default retainage"
            inputMode="decimal"
            helperText="Held back from each invoice until the work is accepted"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
        </Stack>
        <FormTextField control={control} name="remitTo" label="Remit-to address" multiline minRows={3} helperText="Where clients send payment, as printed on the invoice" />
        <FormTextField control={control} name="footerNotes" label="Footer notes" multiline minRows={2} helperText="Printed at the foot of every invoice" />
        <Controller
          control={control}
          name="clientSignature"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
              label="Clients sign what they approve through an e-mailed link (invoices and change orders)"
            />
          )}
        />
        <Typography variant="body2" color="text.secondary" data-testid="invoice-preview">
          Next invoice: {String(prefix ?? '')}
          {String(next ?? '')} · {terms(days).toLowerCase()}
        </Typography>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={() => reset(formValues(company.invoiceSettings))} disabled={!formState.isDirty || formState.isSubmitting}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
            Save
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** Numbering, terms, retainage and remittance used when the company issues invoices. */
export function CompanyInvoiceSection({ company, canManage, onSaved }: SectionProps) {
  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardHeader title="Invoice settings" subheader={canManage ? 'Used for every new invoice this company issues.' : 'Only people who manage the company can change them.'} />
      <CardContent>{canManage ? <InvoiceSettingsForm company={company} onSaved={onSaved} /> : <Summary settings={company.invoiceSettings} />}</CardContent>
    </Card>
  );
}
