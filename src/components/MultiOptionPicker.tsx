import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';

export interface PickerOption {
  id: number;
  name: string;
}

interface Props<T extends PickerOption> {
  label: string;
  /** The list endpoint to search (json-server conventions, `q` searches on the server). */
  path: string;
  value: number[];
  onChange: (ids: number[]) => void;
  /** Options already known with their names (a row being edited), so chips show names at once. */
  known?: T[];
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** A second line under each option in the list. */
  describe?: (option: T) => ReactNode;
  /** A mark drawn before a chosen option's name (a colour swatch). */
  adornment?: (option: T) => ReactElement;
}

const SEARCH_DELAY_MS = 250;

/** Picks several rows from a server-side list, searching on the server as the user types. */
export function MultiOptionPicker<T extends PickerOption>({ label, path, value, onChange, known = [], error, helperText, disabled, describe, adornment }: Props<T>) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { result, query } = useList<T>({
    resource: 'options',
    meta: { path, quiet: true },
    pagination: { currentPage: 1, pageSize: 25 },
    filters: search ? [{ field: 'q', operator: 'eq', value: search }] : [],
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  // Every option seen so far, so chosen ones keep their names whatever the current search shows.
  const seen = useRef(new Map<number, T>());
  for (const o of known) seen.current.set(o.id, o);
  for (const o of result.data) seen.current.set(o.id, o);
  const selected = useMemo(
    () => value.map((id) => seen.current.get(id) ?? ({ id, name: `#${id}` } as T)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [value, result.data, known],
  );

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={result.data}
      value={selected}
      loading={query.isFetching}
      filterOptions={(options) => options}
      filterSelectedOptions
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setInput(text)}
      onChange={(_e, chosen) => {
        setInput('');
        onChange(chosen.map((o) => o.id));
      }}
      noOptionsText={query.isError ? 'The list could not be loaded' : search ? 'No matches' : 'Nothing to choose from yet'}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {adornment?.(option)}
            <Box>
              <Typography variant="body2">{option.name}</Typography>
              {describe && (
                <Typography variant="caption" color="text.secondary">
                  {describe(option)}
                </Typography>
              )}
            </Box>
          </Box>
        </Box>
      )}
      renderTags={(chosen, getTagProps) =>
        chosen.map((option, index) => {
          const { key, ...chip } = getTagProps({ index });
          return <Chip key={key} size="small" label={option.name} icon={adornment?.(option) as ReactElement | undefined} {...chip} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} placeholder={value.length ? undefined : 'Type to search'} />}
    />
  );
}
