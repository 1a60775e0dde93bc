import { Alert, Box, Button, List, ListItem, ListItemText, Skeleton, Stack, TablePagination, TextField, Typography } from '@mui/material';
import { useList, useNotification } from '@refinedev/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { INVOICE_BILLING_MESSAGES, type InvoiceComment } from '../../../resources/invoice';
import { apiFetch } from '../../api/http';
import { formatInstant } from '../projects/budget/budget-status';
import { INVOICE_RESOURCES, type InvoicePaths } from './invoice-api';

const PAGE = 20;

/** The invoice's comments, newest first, and a box to add one; a link ending in #{id} (a notification) marks that comment. */
export function InvoiceComments({ paths, onAdded }: { paths: InvoicePaths; onAdded: () => void }) {
  const { open: notify } = useNotification();
  const { hash } = useLocation();
  const [page, setPage] = useState(0);
  const { result, query } = useList<InvoiceComment>({
    resource: INVOICE_RESOURCES.comments,
    meta: { path: paths.comments },
    pagination: { currentPage: page + 1, pageSize: PAGE },
    errorNotification: false,
  });
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const marked = /^#\d+$/.test(hash) ? Number(hash.slice(1)) : null;

  useEffect(() => {
    if (marked !== null) document.getElementById(`invoice-comment-${marked}`)?.scrollIntoView?.({ block: 'center' });
  }, [marked, result.data]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setMissing(true);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await apiFetch(paths.comments, { method: 'POST', body: { comment: comment.trim() }, quiet: true });
      setComment('');
      setPage(0);
      notify?.({ type: 'success', message: 'Comment added' });
      onAdded();
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack component="form" onSubmit={add} noValidate spacing={1}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Comment"
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
          error={missing}
          helperText={missing ? INVOICE_BILLING_MESSAGES.comment : undefined}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
          multiline
          minRows={2}
          fullWidth
          disabled={busy}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={busy}>
            Add comment
          </Button>
        </Box>
      </Stack>
      {query.isLoading ? (
        <Skeleton variant="rounded" height={80} />
      ) : query.isError ? (
        <Alert severity="error">The comments could not be loaded.</Alert>
      ) : !result.data.length ? (
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <>
          <List disablePadding aria-label="Comments">
            {result.data.map((c) => (
              <ListItem key={c.id} id={`invoice-comment-${c.id}`} divider disableGutters sx={c.id === marked ? { bgcolor: 'action.selected', px: 1, borderRadius: 1 } : undefined}>
                <ListItemText
                  primary={<Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.body}</Box>}
                  secondary={`${c.authorName} · ${c.companyName} · ${formatInstant(c.createdAt)}`}
                />
              </ListItem>
            ))}
          </List>
          {(result.total ?? 0) > PAGE && (
            <TablePagination component="div" count={result.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} />
          )}
        </>
      )}
    </Stack>
  );
}
