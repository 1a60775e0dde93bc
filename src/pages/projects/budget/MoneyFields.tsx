import { InputAdornment, Stack, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Quantity and unit price as typed: kept as text so the price reaches the server exactly. */
export interface MoneyFormValues {
  quantity: string;
  price: string;
}

/**
 * The quantity (a whole number, numeric keyboard on phones) and unit price (a decimal, decimal
 * keyboard) of a budget item or change order, side by side; their messages come from the form's schema.
 */
export function MoneyFields<T extends MoneyFormValues & FieldValues>({ control, autoFocus = false }: { control: Control<T>; autoFocus?: boolean }) {
  return (
    <Stack direction="row" spacing={2}>
      <Controller
        name={'quantity' as Path<T>}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Quantity"
            autoFocus={autoFocus}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Whole number'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        )}
      />
      <Controller
        name={'price' as Path<T>}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Unit price"
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            fullWidth
          />
        )}
      />
    </Stack>
  );
}
