import { Stack, TextField } from '@mui/material';

export interface ContactValues {
  email: string;
  name: string;
}

/** The client contact a document is mailed to: e-mail and name, as typed. */
export function ClientContactFields({
  values,
  error,
  onChange,
  autoFocus = false,
  disabled = false,
}: {
  values: ContactValues;
  error?: string | null;
  onChange: (values: ContactValues) => void;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Client contact’s e-mail"
        type="email"
        value={values.email}
        onChange={(e) => onChange({ ...values, email: e.target.value })}
        error={!!error}
        helperText={error}
        autoFocus={autoFocus}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off' } }}
      />
      <TextField label="Contact’s name" value={values.name} disabled={disabled} onChange={(e) => onChange({ ...values, name: e.target.value })} fullWidth slotProps={{ htmlInput: { autoComplete: 'off' } }} />
    </Stack>
  );
}
