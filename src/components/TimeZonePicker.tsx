import { Autocomplete, TextField } from '@mui/material';
import { timeZoneLabel } from '../../resources/time-zone';

let zones: string[] | null = null;
/** Every IANA time zone this browser knows, with UTC. */
function timeZones(): string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = known.includes('UTC') ? known : ['UTC', ...known];
  }
  return zones;
}

/** A company's or project's IANA time zone; the helper names it as dates will show it (CST, Europe/Paris). */
export function TimeZonePicker({ value, onChange, error, helperText }: { value: string; onChange: (zone: string) => void; error?: string; helperText?: string }) {
  const shown = value ? `Dates show in ${timeZoneLabel(value)}${helperText ? `. ${helperText}` : ''}` : helperText;
  return (
    <Autocomplete
      options={timeZones()}
      value={value || null}
      onChange={(_e, zone) => onChange(zone ?? '')}
      autoHighlight
      renderInput={(params) => <TextField {...params} label="Time zone" error={!!error} helperText={error ?? shown} />}
    />
  );
}
