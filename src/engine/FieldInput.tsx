import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { ResourceField } from '../../resources/engine';
import type { GeocodedAddress } from '../../resources/geocoding';
import { AddressSearchField } from '../forms/AddressSearchField';
import { applyMask, capitalizeWords, MASKS } from '../forms/masks';
import { ReferenceInput } from './ReferenceInput';

const MASK_OF: Partial<Record<ResourceField['kind'], string>> = { phone: MASKS.phone, zip: MASKS.zip, ein: MASKS.ein };

/** One form control for a resource field, chosen by the field's kind. */
export function FieldInput({
  field,
  control,
  autoFocus,
  onPlace,
}: {
  field: ResourceField;
  control: Control<any>;
  autoFocus?: boolean;
  /** An address field's chosen place, for the form to fill its other fields. */
  onPlace?: (place: GeocodedAddress) => void;
}) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => {
        const common = {
          label: field.label,
          error: !!fieldState.error,
          helperText: fieldState.error?.message,
          fullWidth: true,
          autoFocus,
          onBlur: input.onBlur,
          inputRef: input.ref,
          name: input.name,
        };
        switch (field.kind) {
          case 'boolean':
            return (
              <FormControlLabel
                control={<Checkbox checked={!!input.value} onChange={(e) => input.onChange(e.target.checked)} />}
                label={field.label}
              />
            );
          case 'select':
            return (
              <TextField select {...common} value={input.value ?? ''} onChange={(e) => input.onChange(e.target.value || null)}>
                {field.nullable && (
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                )}
                {(field.options ?? []).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          case 'address':
            return (
              <AddressSearchField
                label={field.label}
                autoFocus={autoFocus}
                name={input.name}
                inputRef={input.ref}
                onBlur={input.onBlur}
                error={fieldState.error?.message}
                value={input.value ?? ''}
                onChange={input.onChange}
                onPlace={(place) => onPlace?.(place)}
              />
            );
          case 'reference':
            return <ReferenceInput field={field} value={input.value ?? null} onChange={input.onChange} error={fieldState.error?.message} />;
          case 'integer':
          case 'decimal':
            return (
              <TextField
                {...common}
                value={input.value ?? ''}
                slotProps={{ htmlInput: { inputMode: field.kind === 'integer' ? 'numeric' : 'decimal' } }}
                onChange={(e) => input.onChange(e.target.value === '' ? null : e.target.value)}
              />
            );
          case 'date':
            return (
              <TextField
                {...common}
                type="date"
                value={input.value ?? ''}
                slotProps={{ inputLabel: { shrink: true } }}
                onChange={(e) => input.onChange(e.target.value || null)}
              />
            );
          case 'color':
            return (
              <TextField
                {...common}
                value={input.value ?? ''}
                placeholder="#1f5fbf"
                onChange={(e) => input.onChange(e.target.value)}
                slotProps={{
                  input: {
                    startAdornment: (
                      <span
                        aria-hidden
                        style={{ width: 18, height: 18, marginRight: 8, borderRadius: 4, border: '1px solid rgba(0,0,0,.2)', background: String(input.value || 'transparent') }}
                      />
                    ),
                  },
                }}
              />
            );
          default: {
            const mask = MASK_OF[field.kind];
            return (
              <TextField
                {...common}
                type={field.kind === 'email' ? 'email' : 'text'}
                multiline={field.kind === 'multiline'}
                minRows={field.kind === 'multiline' ? 3 : undefined}
                placeholder={mask}
                value={input.value ?? ''}
                onChange={(e) => {
                  let v = e.target.value;
                  if (mask) v = applyMask(v, mask);
                  if (field.capitalize) v = capitalizeWords(v);
                  input.onChange(v);
                }}
              />
            );
          }
        }
      }}
    />
  );
}
