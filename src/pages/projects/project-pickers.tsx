import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useList } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import type { Project } from '../../../resources/project';
import { MARKET_SEARCH_MIN, type Market, type PartnershipView } from '../../../resources/partnership';
import { searchable, useMarketSearch } from '../partners/market-search';

/** A partner company as the pickers offer it: its company id (what the project stores), name and markets. */
export interface PartnerOption {
  id: number;
  name: string;
  markets: Market[];
}

const SEARCH_DELAY_MS = 250;

/** Active partnerships of one kind whose name contains the search, as partner companies. */
export function usePartners(type: 'client' | 'subcontractor', search: string) {
  const { result, query } = useList<PartnershipView>({
    resource: type === 'client' ? 'clients' : 'subcontractors',
    meta: { path: `/partnerships/list/${type}`, quiet: true },
    pagination: { currentPage: 1, pageSize: 50 },
    // Projects are run with partners the company works with now, not requests or ended partnerships.
    filters: [{ field: 'status', operator: 'eq', value: 'active' }, ...(search ? [{ field: 'name', operator: 'contains' as const, value: search }] : [])],
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  const options = useMemo(
    () => result.data.filter((p) => p.partnerId !== null).map((p): PartnerOption => ({ id: p.partnerId!, name: p.name, markets: p.markets })),
    [result.data],
  );
  return { options, loading: query.isFetching, failed: query.isError };
}

/** Picks one partner company (a client, or a subcontractor), searching on the server as the user types. */
export function PartnerPicker({
  type,
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  exclude,
  size,
}: {
  type: 'client' | 'subcontractor';
  label: string;
  value: PartnerOption | null;
  onChange: (p: PartnerOption | null) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** Partners already chosen elsewhere (crew companies already on the project). */
  exclude?: ReadonlySet<number>;
  size?: 'small' | 'medium';
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { options, loading, failed } = usePartners(type, search);
  return (
    <Autocomplete<PartnerOption>
      options={exclude ? options.filter((o) => !exclude.has(o.id)) : options}
      value={value}
      loading={loading}
      disabled={disabled}
      filterOptions={(o) => o}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, p) => onChange(p)}
      size={size}
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      noOptionsText={failed ? `The ${type === 'client' ? 'clients' : 'subcontractors'} could not be loaded` : `No ${type === 'client' ? 'clients' : 'subcontractors'} to choose from`}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} />}
    />
  );
}

/** The projects a new project may sit under (GET /companies/{id}/projects/parent). */
export function ParentProjectPicker({
  companyId,
  value,
  initialName,
  onChange,
  excludeId,
  error,
}: {
  companyId: number;
  value: number | null;
  /** The parent's name before the list has loaded (a project being edited). */
  initialName: string | null;
  onChange: (id: number | null) => void;
  /** The project itself, which cannot be its own parent. */
  excludeId?: number;
  error?: string;
}) {
  const { result, query } = useList<Project>({
    resource: 'parent-projects',
    meta: { path: `/companies/${companyId}/projects/parent`, quiet: true },
    pagination: { mode: 'off' },
    sorters: [{ field: 'projectName', order: 'asc' }],
    errorNotification: false,
  });
  const options = result.data.filter((p) => p.id !== excludeId).map((p) => ({ id: p.id, name: `${p.code} · ${p.projectName}` }));
  const selected = value === null ? null : (options.find((o) => o.id === value) ?? { id: value, name: initialName ?? '…' });
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={query.isLoading}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, o) => onChange(o?.id ?? null)}
      noOptionsText={query.isError ? 'The projects could not be loaded' : 'No projects to choose from'}
      renderInput={(params) => (
        <TextField {...params} label="Parent project" placeholder="None: a project of its own" error={!!error} helperText={error ?? 'Choose one to make this a sub-project'} />
      )}
    />
  );
}

/**
 * The project's market: the client's markets at once, any of the company's by name from
 * MARKET_SEARCH_MIN letters (GET /market/prefix/{text}).
 */
export function MarketPicker({
  value,
  initialName,
  suggestions,
  onChange,
  error,
}: {
  value: number | null;
  initialName: string | null;
  suggestions: Market[];
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Market | null>(value === null ? null : { id: value, name: initialName ?? '…' });
  const search = useMarketSearch(text);
  const options = searchable(text) ? search.markets : suggestions;
  const selected = value === null ? null : chosen?.id === value ? chosen : (suggestions.find((m) => m.id === value) ?? { id: value, name: initialName ?? '…' });
  return (
    <Autocomplete<Market>
      options={options}
      value={selected}
      filterOptions={(o) => o}
      getOptionLabel={(m) => m.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, m) => {
        setChosen(m);
        onChange(m?.id ?? null);
      }}
      onInputChange={(_e, t, reason) => reason === 'input' && setText(t)}
      loading={search.loading}
      noOptionsText={searchable(text) ? 'No markets start with this' : `Type ${MARKET_SEARCH_MIN} letters to search the company's markets`}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Market"
          error={!!(error ?? search.error)}
          helperText={error ?? search.error ?? undefined}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {search.loading && <CircularProgress color="inherit" size={18} aria-label="Searching markets" />}
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
