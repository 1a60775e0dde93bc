import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { countries } from '../reference/countries';
import { US_STATES } from '../reference/us-states';

/** Country select and, for the US, a state select; elsewhere the state is typed. */
export function CountryStateFields<T extends FieldValues>({ control, country }: { control: Control<T>; country: string }) {
  return (
    <>
      <Controller
        name={'country' as Path<T>}
        control={control}
        render={({ field, fieldState }) => (
          <TextField select label="Country" {...field} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth>
            {countries().map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name={'state' as Path<T>}
        control={control}
        render={({ field, fieldState }) =>
          country === 'US' ? (
            <TextField select label="State" {...field} value={field.value ?? ''} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth>
              {US_STATES.map((s) => (
                <MenuItem key={s.code} value={s.code}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField label="State / region" {...field} value={field.value ?? ''} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth />
          )
        }
      />
    </>
  );
}
