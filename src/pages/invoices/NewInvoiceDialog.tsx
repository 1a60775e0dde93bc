import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useList } from '@refinedev/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { INVOICE_BILLING_MESSAGES } from '../../../resources/invoice';
import type { Project } from '../../../resources/project';

const SEARCH_DELAY_MS = 250;

/** Projects the company may bill: those it runs (billing the client) and those it works on as a subcontractor (billing the owner). */
function useBillableProjects(search: string) {
  const { result, query } = useList<Project>({
    resource: 'projects',
    meta: { path: '/projects', quiet: true },
    pagination: { currentPage: 1, pageSize: 50 },
    sorters: [{ field: 'projectName', order: 'asc' }],
    filters: search ? [{ field: 'q', operator: 'eq', value: search }] : [],
    errorNotification: false,
  });
  return { options: result.data.filter((p) => p.relation !== 'client'), loading: query.isFetching, failed: query.isError };
}

/** New invoice: asks for the project, then opens invoices/new/:projectId where its approved production is picked. */
export function NewInvoiceDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [project, setProject] = useState<Project | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { options, loading, failed } = useBillableProjects(search);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!project) {
      setMissing(true);
      return;
    }
    navigate(`/invoices/new/${project.id}`);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="new-invoice-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-invoice-title">New invoice</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            An invoice bills the approved production of one project: the client of a project your company runs, or the company that runs a project you work on.
          </DialogContentText>
          {failed && <Alert severity="error" sx={{ mb: 2 }}>The projects could not be loaded.</Alert>}
          <Autocomplete<Project>
            options={options}
            value={project}
            loading={loading}
            filterOptions={(o) => o}
            getOptionLabel={(p) => `${p.code} · ${p.projectName}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, p) => {
              setProject(p);
              if (p) setMissing(false);
            }}
            onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
            noOptionsText="No project to bill"
            renderOption={(props, p) => (
              <li {...props} key={p.id}>
                {`${p.code} · ${p.projectName}`}
                {p.relation === 'subcontractor' ? ` (run by ${p.companyName})` : p.clientName ? ` (client: ${p.clientName})` : ''}
              </li>
            )}
            renderInput={(params) => (
              <TextField {...params} label="Project" autoFocus required error={missing} helperText={missing ? INVOICE_BILLING_MESSAGES.project : undefined} />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Continue
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
