import { Checkbox, FormControlLabel, FormGroup, Stack } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { AddressSearchField } from '../../forms/AddressSearchField';
import { placeValues } from '../../forms/address-search';
import { CountryStateFields } from '../../forms/CountryStateFields';
import { FormTextField } from '../../forms/FormTextField';
import type { ProjectFormValues } from './project-form-values';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { MarketPicker, ParentProjectPicker, PartnerPicker, type PartnerOption } from './project-pickers';

const FLAGS: Array<{ name: 'isSinglePart' | 'taskBasedProduction' | 'requireQuantityOnPDFDraw'; label: string }> = [
  { name: 'isSinglePart', label: 'Single-part budget (submitted for review in one part)' },
  { name: 'taskBasedProduction', label: 'Task-based production' },
  { name: 'requireQuantityOnPDFDraw', label: 'Require a quantity when drawing on a PDF plan' },
];

/** Names the pickers show before their lists load: the project's own, when one is being edited. */
export interface ProjectLabels {
  clientName: string | null;
  parentName: string | null;
  marketName: string | null;
}

/**
 * Every field of a project (spec 02 §3), shared by the new project dialog and the settings section.
 * The client is one of the company's client partners, or a name and e-mail when it is not on the platform.
 */
export function ProjectFields({
  form,
  companyId,
  labels,
  projectId,
  autoFocus,
}: {
  form: UseFormReturn<ProjectFormValues, unknown, any>;
  companyId: number;
  labels: ProjectLabels;
  /** The project being edited, left out of its own parent picker. */
  projectId?: number;
  autoFocus?: boolean;
}) {
  // The fields only read and write the typed values; what the schema turns them into is the caller's.
  const control = form.control as unknown as Control<ProjectFormValues>;
  const { setValue } = form;
  const [country, clientId] = useWatch({ control, name: ['country', 'clientId'] });
  const [client, setClient] = useState<PartnerOption | null>(
    clientId === null ? null : { id: clientId, name: labels.clientName ?? '…', markets: [] },
  );

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <FormTextField control={control} name="projectName" label="Project name" required autoFocus={autoFocus} capitalize />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="code" label="Code" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="projectNumber" label="Project number" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="powoNumber" label="PO/WO number" />
      </Grid>
      <Grid size={12}>
        <Controller
          name="clientId"
          control={control}
          render={({ field, fieldState }) => (
            <PartnerPicker
              type="client"
              label="Client"
              value={client}
              error={fieldState.error?.message}
              helperText="One of your client partners; leave empty for a client not on the platform"
              onChange={(p) => {
                setClient(p);
                field.onChange(p?.id ?? null);
                // A client on the platform brings its own name and e-mail.
                if (p) {
                  setValue('clientName', '', { shouldDirty: true });
                  setValue('clientEmail', '', { shouldDirty: true });
                }
              }}
            />
          )}
        />
      </Grid>
      {clientId === null && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="clientName" label="Client name (not on the platform)" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="clientEmail" label="Client e-mail" type="email" />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <Controller
          name="projectId"
          control={control}
          render={({ field, fieldState }) => (
            <ParentProjectPicker
              companyId={companyId}
              value={field.value}
              initialName={labels.parentName}
              onChange={field.onChange}
              excludeId={projectId}
              error={fieldState.error?.message}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <Controller
          name="address"
          control={control}
          render={({ field, fieldState }) => (
            <AddressSearchField
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              onPlace={(place) => {
                for (const [name, value] of Object.entries(placeValues(place, (n) => n in form.getValues()))) setValue(name as keyof ProjectFormValues, value as never, { shouldDirty: true });
              }}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="city" label="City" capitalize />
      </Grid>
      <Grid size={12}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <CountryStateFields control={control} country={country} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="startDate" label="Start date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="endDate" label="End date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="timezone"
          control={control}
          render={({ field, fieldState }) => <TimeZonePicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="marketId"
          control={control}
          render={({ field, fieldState }) => (
            <MarketPicker value={field.value} initialName={labels.marketName} suggestions={client?.markets ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="pdfScaleFactor"
          label="PDF scale factor"
          helperText="How plan drawings scale to real lengths; empty for none"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Grid>
      <Grid size={12}>
        <FormGroup>
          {FLAGS.map((flag) => (
            <Controller
              key={flag.name}
              name={flag.name}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
                  label={flag.label}
                />
              )}
            />
          ))}
        </FormGroup>
      </Grid>
    </Grid>
  );
}
