import { Alert, Box, Button, List, ListItem, ListItemText, Skeleton, Stack, TablePagination, TextField, Typography } from '@mui/material';
import { useList, useNotification, type CrudSort } from '@refinedev/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { z } from 'zod';

/** What every comment answer carries; the text itself sits under a name each area chose (`text`). */
export interface CommentRow {
  id: number;
  authorName: string;
  /** Shown after the author where the thread crosses companies. */
  companyName?: string;
  createdAt: string;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A thread of comments and a box to add one, with its loading, empty and error states.
 * Newest-first threads are paged and put the box on top; others load whole with the box below.
 * With `anchor`, each comment is `${anchor}-${id}` and a link ending in #{id} (a notification) scrolls to it and marks it.
 */
export function Comments<T extends CommentRow>({
  resource,
  path,
  text,
  schema,
  post,
  onAdded,
  pageSize,
  sorters,
  errorNotification,
  anchor,
  action,
}: {
  /** Refine resource name (what a refresh invalidates) and the GET path of the list. */
  resource: string;
  path: string;
  text: (comment: T) => string;
  /** Checks the draft as the server will; the first issue is shown under the field. */
  schema: z.ZodType<{ comment: string }>;
  post: (comment: string) => Promise<unknown>;
  onAdded: () => unknown;
  /** Newest first, this many a page; without it the whole thread, oldest first. */
  pageSize?: number;
  sorters?: CrudSort[];
  errorNotification?: false;
  anchor?: string;
  /** Something to do with one comment (delete your own, say). */
  action?: (comment: T) => ReactNode;
}) {
  const { open: notify } = useNotification();
  const { hash } = useLocation();
  const [page, setPage] = useState(0);
  const { result, query } = useList<T>({
    resource,
    meta: { path },
    pagination: pageSize ? { currentPage: page + 1, pageSize } : { mode: 'off' },
    sorters,
    errorNotification,
  });
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const marked = anchor && /^#\d+$/.test(hash) ? Number(hash.slice(1)) : null;

  useEffect(() => {
    if (marked !== null) document.getElementById(`${anchor}-${marked}`)?.scrollIntoView?.({ block: 'center' });
  }, [anchor, marked, result.data]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const checked = schema.safeParse({ comment: draft });
    if (!checked.success) return setInvalid(checked.error.issues[0]!.message);
    setFailure(null);
    setBusy(true);
    try {
      await post(checked.data.comment);
      setDraft('');
      setPage(0);
      notify?.({ type: 'success', message: 'Comment added' });
      await onAdded();
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <Stack component="form" onSubmit={add} noValidate spacing={1}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Comment"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim()) setInvalid(null);
        }}
        error={!!invalid}
        helperText={invalid ?? undefined}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
        multiline
        minRows={2}
        fullWidth
        disabled={busy}
      />
      <Stack direction="row" justifyContent="flex-end">
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Sending…' : 'Add comment'}
        </Button>
      </Stack>
    </Stack>
  );

  const thread = query.isLoading ? (
    <Skeleton variant="rounded" height={80} />
  ) : query.isError ? (
    <Alert severity="error">The comments could not be loaded. {query.error?.message}</Alert>
  ) : !result.data.length ? (
    <Typography color="text.secondary">No comments yet.</Typography>
  ) : (
    <>
      <List disablePadding aria-label="Comments">
        {result.data.map((c) => (
          <ListItem
            key={c.id}
            id={anchor ? `${anchor}-${c.id}` : undefined}
            divider
            disableGutters
            secondaryAction={action?.(c)}
            sx={c.id === marked ? { bgcolor: 'action.selected', px: 1, borderRadius: 1 } : undefined}
          >
            <ListItemText
              primary={<Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text(c)}</Box>}
              secondary={[c.authorName, c.companyName, when(c.createdAt)].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {!!pageSize && (result.total ?? 0) > pageSize && (
        <TablePagination component="div" count={result.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={pageSize} rowsPerPageOptions={[pageSize]} />
      )}
    </>
  );

  return (
    <Stack spacing={2}>
      {pageSize ? form : thread}
      {pageSize ? thread : form}
    </Stack>
  );
}
