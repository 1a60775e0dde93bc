import { Autocomplete, TextField } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceField } from '../../resources/engine';
import { useSession } from '../session/useSession';
import { resourceByName } from './registry';
import { resourceMeta } from './resource-meta';

/** Picks a row of another resource, searching on the server as the user types. */
export function ReferenceInput({
  field,
  value,
  onChange,
  error,
}: {
  field: ResourceField;
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string;
}) {
  const target = resourceByName(field.reference!.resource);
  const labelField = field.reference!.labelField;
  const { activeMembership } = useSession();
  const [search, setSearch] = useState('');
  const meta = resourceMeta(target, activeMembership?.companyId);
  const { result, query } = useList({
    resource: target.name,
    meta,
    pagination: { currentPage: 1, pageSize: 50 },
    filters: search ? [{ field: labelField, operator: 'contains', value: search }] : [],
    sorters: [{ field: labelField, order: 'asc' }],
  });
  const options = result.data as Array<Record<string, any>>;
  const selected = options.find((o) => o.id === value) ?? (value ? { id: value, [labelField]: `#${value}` } : null);
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={query.isLoading}
      getOptionLabel={(o) => String(o[labelField] ?? '')}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v ? Number(v.id) : null)}
      onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
      renderInput={(params) => <TextField {...params} label={field.label} error={!!error} helperText={error} />}
    />
  );
}
