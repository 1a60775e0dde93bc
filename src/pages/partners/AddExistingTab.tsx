import { Alert, Autocomplete, Button, CircularProgress, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { COMPANY_SEARCH_MIN, type PartnerType } from '../../../resources/partnership';
import { apiFetch } from '../../api/http';
import { useAddPartner } from './use-add-partner';

interface CompanyOption {
  id: number;
  name: string;
}

/** Companies by name prefix, asked only from 3 characters on and after a pause in typing. */
function useCompanySearch(text: string) {
  const [state, setState] = useState<{ companies: CompanyOption[]; loading: boolean; error: string | null }>({ companies: [], loading: false, error: null });
  useEffect(() => {
    if (text.trim().length < COMPANY_SEARCH_MIN) {
      setState({ companies: [], loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      apiFetch<{ companies: CompanyOption[] }>(`/partnerships/companies/prefix/${encodeURIComponent(text.trim())}`, { signal: controller.signal, quiet: true })
        .then(({ data }) => setState({ companies: data.companies, loading: false, error: null }))
        .catch((err: Error) => {
          if (err.name !== 'AbortError') setState({ companies: [], loading: false, error: err.message });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return state;
}

/** Make a company already on Fieldwork a client or subcontractor. */
export function AddExistingTab({ type, onClose }: { type: PartnerType; onClose: (id?: number) => void }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<CompanyOption | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useCompanySearch(text);
  const { submit, failure } = useAddPartner(type, 'add');
  const add = async () => {
    if (!chosen) return;
    setBusy(true);
    const saved = await submit({ guestCompanyId: chosen.id });
    setBusy(false);
    if (saved) onClose(saved.id);
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Find the company by the start of its name. It gets a request to work with you, which it accepts or declines among its{' '}
            {type === 'client' ? 'subcontractors' : 'clients'}. Until it accepts you see only its name.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Autocomplete
            options={search.companies}
            value={chosen}
            onChange={(_e, value) => setChosen(value)}
            inputValue={text}
            onInputChange={(_e, value) => setText(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(o) => o}
            loading={search.loading}
            noOptionsText={text.trim().length < COMPANY_SEARCH_MIN ? `Type ${COMPANY_SEARCH_MIN} letters of the name` : 'No company starts with this'}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label="Company"
                error={!!search.error}
                helperText={search.error ?? undefined}
                slotProps={{
                  input: {
                    ...params.InputProps,
                    endAdornment: (
                      <>
                        {search.loading && <CircularProgress color="inherit" size={18} aria-label="Searching companies" />}
                        {params.InputProps.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button variant="contained" onClick={add} disabled={!chosen || busy}>
          Add
        </Button>
      </DialogActions>
    </>
  );
}
