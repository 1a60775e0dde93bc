import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useList, useOne } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import type { ProductionCrewOption } from '../../../resources/production';
import type { Project } from '../../../resources/project';
import { CREWS_PATH } from './production-api';

const SEARCH_DELAY_MS = 250;
export type ProjectOption = Pick<Project, 'id' | 'code' | 'projectName' | 'timezone' | 'relation' | 'taskBasedProduction'>;

/** GET /production/crews: the crews the active company may record production for. */
export function useProductionCrews() {
  const { result, query } = useList<ProductionCrewOption>({
    resource: 'production-crews',
    meta: { path: CREWS_PATH, quiet: true },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return { crews: result.data, loading: query.isLoading, failed: query.isError };
}

/**
 * Picks a project, searching on the server as the user types. `recording` keeps only the projects
 * the company may record production on: those it runs and those it works on as a subcontractor.
 */
export function ProjectPicker({
  value,
  onChange,
  recording = false,
  label = 'Project',
  error,
  required,
  disabled,
  size,
}: {
  value: number | null;
  onChange: (project: ProjectOption | null) => void;
  recording?: boolean;
  label?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  // What the field shows (the chosen project's label, or what is typed) and what was typed, which alone searches.
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { result, query } = useList<Project>({
    resource: 'projects',
    meta: { path: '/projects', quiet: true },
    pagination: { currentPage: 1, pageSize: 50 },
    filters: search ? [{ field: 'projectName', operator: 'contains', value: search }] : [],
    sorters: [{ field: 'projectName', order: 'asc' }],
    errorNotification: false,
  });
  // The chosen project may not be on the page the search shows (a saved view's project).
  const chosen = useOne<Project>({ resource: 'projects', id: value ?? '', meta: { path: '/projects', quiet: true }, queryOptions: { enabled: value !== null }, errorNotification: false });
  const options = useMemo(() => {
    const rows = result.data.filter((p) => !recording || p.relation === 'owner' || p.relation === 'subcontractor');
    const picked = chosen.result;
    return picked && !rows.some((p) => p.id === picked.id) ? [picked, ...rows] : rows;
  }, [result.data, recording, chosen.result]);
  const selected = options.find((p) => p.id === value) ?? null;

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_e, p) => onChange(p)}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        setTyped(reason === 'input' ? v : '');
      }}
      filterOptions={(x) => x}
      getOptionLabel={(p) => `${p.code} · ${p.projectName}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={query.isFetching}
      disabled={disabled}
      size={size}
      noOptionsText={recording ? 'No project to record on' : 'No project'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {query.isFetching && <CircularProgress size={18} />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
