import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { GEOCODE_LIMIT, type GeocodedAddress } from '../../resources/geocoding';
import { isGeocodingOff, placeLabel, useAddressSearch } from './address-search';

export interface AddressSearchFieldProps {
  label?: string;
  value: string;
  /** The text as typed, or the chosen place's street line. */
  onChange: (text: string) => void;
  /** The whole chosen place, for the form to fill its city, state, zip, country and position. */
  onPlace: (place: GeocodedAddress) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * An address typed freely that suggests places as the person types (700 ms after the last key, at
 * most ten, arrows and Enter to choose). Without a geocoder on the server, or when it fails, it is a
 * plain text field: what was typed is what is saved.
 */
export function AddressSearchField({ label = 'Address', value, onChange, onPlace, onBlur, error, helperText, disabled, autoFocus, name, inputRef }: AddressSearchFieldProps) {
  // Only typing searches: a value set by choosing a place (or by the form) asks nothing.
  const [typed, setTyped] = useState(false);
  const { places, loading } = useAddressSearch(value, typed && !disabled);
  // Known to be off when the field appears: a plain field. Found off while typing: the same input
  // stays (swapping it would take the focus away) and simply suggests nothing.
  const [plain] = useState(isGeocodingOff);
  const field = {
    label,
    error: !!error,
    helperText: error ?? helperText,
    autoFocus,
    name,
    inputRef,
    onBlur,
    fullWidth: true,
  };
  if (plain) return <TextField {...field} autoComplete="street-address" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
  return (
    <Autocomplete<GeocodedAddress, false, false, true>
      freeSolo
      options={places.slice(0, GEOCODE_LIMIT)}
      filterOptions={(o) => o}
      getOptionLabel={(p) => (typeof p === 'string' ? p : p.address)}
      getOptionKey={(p) => (typeof p === 'string' ? p : `${placeLabel(p)} ${p.coordinates.lat},${p.coordinates.lng}`)}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          {placeLabel(p)}
        </li>
      )}
      inputValue={value}
      value={null}
      loading={loading}
      loadingText="Searching addresses…"
      disabled={disabled}
      onInputChange={(_e, text, reason) => {
        if (reason !== 'input') return;
        setTyped(true);
        onChange(text);
      }}
      onChange={(_e, chosen) => {
        if (!chosen || typeof chosen === 'string') return;
        setTyped(false);
        onChange(chosen.address);
        onPlace(chosen);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          {...field}
          // The browser's own autofill list would cover the suggestions: Autocomplete turns it off.
          slotProps={{ input: { ...params.InputProps, endAdornment: loading ? <CircularProgress size={18} aria-label="Searching addresses" /> : params.InputProps.endAdornment } }}
        />
      )}
    />
  );
}
