import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useList, useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { ReviewerOption } from '../../../../resources/budget';
import { clientContactBody } from '../../../../resources/client-decision';
import { requestReview, type BudgetPaths } from './budget-api';
import { ClientContactFields, type ContactValues } from '../../../components/ClientContactFields';

const SEARCH_DELAY_MS = 250;

/** The people a review may be asked of (the server's list: the project's company, its client, a parent's owner), searched as typed. */
function useReviewers(paths: BudgetPaths, search: string): { people: ReviewerOption[]; loading: boolean; failed: boolean } {
  const { result, query } = useList<ReviewerOption>({
    resource: 'budget-reviewers',
    meta: { path: `${paths.budget}/reviewers`, quiet: true },
    pagination: { mode: 'off' },
    filters: search ? [{ field: 'q', operator: 'eq' as const, value: search }] : [],
    errorNotification: false,
  });
  return { people: query.isError ? [] : result.data, loading: query.isLoading, failed: query.isError };
}

const optionKey = (o: ReviewerOption) => (o.kind === 'contact' ? 'contact' : `m${o.id}`);

/**
 * Asks someone to review the budget: a member of the company that runs the project or of its client
 * company, or the client's contact, who has no account (its e-mail proposed, and editable). The
 * reviewer is told by mail, with a link to review without signing in.
 */
export function RequestReviewDialog({ paths, onClose }: { paths: BudgetPaths; onClose: (requested: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const reviewers = useReviewers(paths, search);
  const [reviewer, setReviewer] = useState<ReviewerOption | null>(null);
  const [contact, setContact] = useState<ContactValues>({ email: '', name: '' });
  const [contactError, setContactError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const request = async () => {
    if (!reviewer) {
      setMissing(true);
      return;
    }
    let asked: Parameters<typeof requestReview>[1];
    if (reviewer.kind === 'contact') {
      const checked = clientContactBody.safeParse({ contactEmail: contact.email, contactName: contact.name });
      if (!checked.success) {
        setContactError(checked.error.issues[0]?.message ?? 'Check the e-mail');
        return;
      }
      asked = checked.data;
    } else asked = { memberId: reviewer.id };
    setFailure(null);
    setBusy(true);
    try {
      await requestReview(paths, asked);
      notify?.({ type: 'success', message: `Review requested from ${'memberId' in asked ? reviewer.name : (asked.contactName ?? asked.contactEmail)}` });
      onClose(true);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="request-review-title">
      <DialogTitle id="request-review-title">Request a review</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            The reviewer gets an e-mail with a link to approve and sign the budget, or reject it, without signing in.
          </DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Autocomplete
            options={reviewers.people}
            value={reviewer}
            loading={reviewers.loading}
            groupBy={(o) => (o.kind === 'contact' ? 'The client’s contact (no account)' : o.companyName)}
            filterOptions={(o) => o}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => optionKey(a) === optionKey(b)}
            onChange={(_e, v) => {
              setReviewer(v);
              setMissing(false);
              if (v?.kind === 'contact') setContact({ email: v.email ?? '', name: v.name === 'The client’s contact' ? '' : v.name });
            }}
            onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
            renderOption={(props, o) => (
              <li {...props} key={optionKey(o)}>
                <ListLine primary={o.kind === 'contact' ? `${o.name} (${o.companyName})` : o.name} secondary={o.email ?? 'Type the e-mail'} />
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Reviewer"
                autoFocus
                error={missing}
                helperText={missing ? 'Choose a reviewer' : reviewers.failed ? 'The people who may review could not be loaded.' : undefined}
              />
            )}
          />
          {reviewer?.kind === 'contact' && (
            <ClientContactFields
              values={contact}
              error={contactError}
              onChange={(v) => {
                setContact(v);
                setContactError(null);
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={request} disabled={busy}>
          Request review
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ListLine({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <Stack sx={{ minWidth: 0 }}>
      <span>{primary}</span>
      <span style={{ fontSize: '0.8em', opacity: 0.7, overflowWrap: 'anywhere' }}>{secondary}</span>
    </Stack>
  );
}
