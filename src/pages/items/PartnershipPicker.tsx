import { Autocomplete, TextField } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';

/** What the item dialog needs of a client partnership (GET /partnerships/list/client). */
export interface PartnershipOption {
  id: number;
  name: string;
  markets: Array<{ id: number; name: string }>;
}

/** Picks one of the company's clients, searching on the server as the user types. */
export function PartnershipPicker({ value, onChange }: { value: PartnershipOption | null; onChange: (p: PartnershipOption | null) => void }) {
  const [search, setSearch] = useState('');
  const { result, query } = useList<PartnershipOption>({
    resource: 'clients',
    meta: { path: '/partnerships/list/client' },
    pagination: { currentPage: 1, pageSize: 50 },
    // Items are made for clients the company works with now, not for requests or ended partnerships.
    filters: [{ field: 'status', operator: 'eq', value: 'active' }, ...(search ? [{ field: 'name', operator: 'contains' as const, value: search }] : [])],
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  return (
    <Autocomplete<PartnershipOption>
      options={result.data}
      value={value}
      loading={query.isLoading}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, p) => onChange(p)}
      onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
      noOptionsText={query.isError ? 'The clients could not be loaded' : 'No clients'}
      renderInput={(params) => (
        <TextField {...params} label="Client" placeholder="None: one of the company's own items" helperText="Items made for a client are listed under that client" />
      )}
    />
  );
}
