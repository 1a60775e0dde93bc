import { Stack, TextField } from '@mui/material';

export interface ContactValues {
  email: string;
  name: string;
}

/** The client contact a document is mailed to: e-mail and name, as typed. */
export function ContactFields({ values, error, onChange, autoFocus = false }: { values: ContactValues; error?: string | null; onChange: (values: ContactValues) => void; autoFocus?: boolean }) {
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
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off' } }}
      />
      <TextField label="Contact’s name" value={values.name} onChange={(e) => onChange({ ...values, name: e.target.value })} fullWidth slotProps={{ htmlInput: { autoComplete: 'off' } }} />
    </Stack>
  );
}
