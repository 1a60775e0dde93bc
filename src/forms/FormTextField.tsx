import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { applyMask, capitalizeWords } from './masks';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<T>;
  control: Control<T>;
  mask?: string;
  capitalize?: boolean;
};

/** A text field bound to react-hook-form, showing its zod message, with optional mask or capitalisation. */
export function FormTextField<T extends FieldValues>({ name, control, mask, capitalize, ...rest }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          onChange={(e) => {
            let v = e.target.value;
            if (mask) v = applyMask(v, mask);
            if (capitalize) v = capitalizeWords(v);
            field.onChange(v);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? rest.helperText}
          fullWidth
        />
      )}
    />
  );
}
