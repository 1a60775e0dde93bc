import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProjectMembership, ProjectPerson } from '../../../resources/project';

const SEARCH_DELAY_MS = 250;

/** A group per company, saying which side of the project it is on (the server answers them in that order). */
const groupOf = (p: ProjectPerson) => (p.side === 'owner' ? p.companyName : `${p.companyName} · ${p.side === 'client' ? 'client' : 'parent project'}`);

/**
 * Picks people for a project (GET /projects/{id}/people: the running company's, the client's and a
 * parent project company's accepted members), grouped by company, searched on the server as typed.
 * People already on the project say their project role.
 */
export function ProjectPeoplePicker({
  projectId,
  value,
  onChange,
  current,
  error,
  helperText,
}: {
  projectId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The project's memberships, to name the role someone already holds. */
  current: ProjectMembership[];
  error?: string;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { result, query } = useList<ProjectPerson>({
    resource: 'project-people',
    meta: { path: `/projects/${projectId}/people`, quiet: true },
    pagination: { mode: 'off' },
    filters: search ? [{ field: 'q', operator: 'eq', value: search }] : [],
    errorNotification: false,
  });
  // Everyone seen so far, so chosen people keep their names whatever the current search shows.
  const seen = useRef(new Map<number, ProjectPerson>());
  for (const p of result.data) seen.current.set(p.id, p);
  const selected = useMemo(
    () => value.map((id) => seen.current.get(id)).filter((p): p is ProjectPerson => !!p),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [value, result.data],
  );
  const roleOf = new Map(current.map((m) => [m.companyMembershipId, m.roleName]));

  return (
    <Autocomplete
      multiple
      options={query.isError ? [] : result.data}
      value={selected}
      loading={query.isFetching}
      groupBy={groupOf}
      disableCloseOnSelect
      filterOptions={(options) => options}
      filterSelectedOptions
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setInput(text)}
      onChange={(_e, chosen) => {
        setInput('');
        onChange(chosen.map((p) => p.id));
      }}
      noOptionsText={query.isError ? 'The people could not be loaded' : search ? 'No matches' : 'No one to choose from yet'}
      renderOption={({ key, ...props }, p) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{p.name}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[p.email, roleOf.has(p.id) ? `${roleOf.get(p.id)} on this project` : null].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderTags={(chosen, getTagProps) =>
        chosen.map((p, index) => {
          const { key, ...chip } = getTagProps({ index });
          return <Chip key={key} size="small" label={p.name} {...chip} />;
        })
      }
      renderInput={(params) => <TextField {...params} label="People" error={!!error} helperText={error ?? helperText} placeholder={value.length ? undefined : 'Type to search'} />}
    />
  );
}
