import Add from '@mui/icons-material/Add';
import { Alert, Autocomplete, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { marketName, MARKET_SEARCH_MIN, type Market } from '../../../resources/partnership';
import { apiFetch, type ApiError } from '../../api/http';
import { searchable, useMarketSearch } from './market-search';

interface Props {
  partnershipId: number;
  markets: Market[];
  /** The host with partnerships:manage edits; everyone else reads. */
  editable: boolean;
  onChange: () => void;
}

/** A partnership's markets as chips, with a prefix search over the company's markets to add one. */
export function MarketsEditor({ partnershipId, markets, editable, onChange }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = useMarketSearch(editable ? text : '');
  const linked = new Set(markets.map((m) => m.id));
  const options = search.markets.filter((m) => !linked.has(m.id)).map((m) => m.name);

  const change = async (method: 'POST' | 'DELETE', body: { name: string } | { marketId: number }) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/partnerships/${partnershipId}/market`, { method, body, quiet: true });
      if (method === 'POST') setText('');
      onChange();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const add = (name: string | null) => {
    const parsed = marketName.safeParse(name ?? '');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Market is required');
    void change('POST', { name: parsed.data });
  };

  return (
    <Stack spacing={2}>
      {markets.length ? (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label="Markets">
          {markets.map((m) => (
            <Chip key={m.id} label={m.name} onDelete={editable && !busy ? () => void change('DELETE', { marketId: m.id }) : undefined} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No markets yet.</Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {editable && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
          <Autocomplete
            freeSolo
            fullWidth
            options={options}
            filterOptions={(o) => o}
            value={null}
            inputValue={text}
            onInputChange={(_e, value) => setText(value)}
            onChange={(_e, value) => value && add(value)}
            loading={search.loading}
            disabled={busy}
            noOptionsText={searchable(text) ? 'No markets start with this' : `Type ${MARKET_SEARCH_MIN} letters to search`}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Add a market"
                helperText={search.error ?? `Pick one of your markets, or type a new name (search starts at ${MARKET_SEARCH_MIN} letters)`}
                error={!!search.error}
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
          <Button variant="outlined" startIcon={<Add />} onClick={() => add(text)} disabled={busy || !text.trim()} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
            Add
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
