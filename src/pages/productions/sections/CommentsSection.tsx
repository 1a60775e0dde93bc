import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Button, Card, CardContent, CardHeader, IconButton, List, ListItem, ListItemText, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { productionCommentBody, type Production, type ProductionComment } from '../../../../resources/production';
import type { ApiError } from '../../../api/http';
import { PRODUCTION_RESOURCES, addComment, deleteComment, productionPaths, useProductionRefresh } from '../production-api';
import { ConfirmDialog } from '../ProductionDialogs';

/** Comments on the production (GET /comments/{id}, POST /comment); the writer deletes their own. */
export function CommentsSection({ production }: { production: Production }) {
  const refresh = useProductionRefresh();
  const { result, query } = useList<ProductionComment>({
    resource: PRODUCTION_RESOURCES.comments,
    meta: { path: productionPaths(production.id).comments },
    pagination: { mode: 'off' },
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<ProductionComment | null>(null);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = productionCommentBody.safeParse({ sourceId: production.id, comment: text });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setSaving(true);
    setError(null);
    try {
      await addComment(production.id, checked.data.comment);
      setText('');
      await refresh();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader title="Comments" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {query.isLoading ? (
            <Skeleton variant="rounded" height={80} />
          ) : query.isError ? (
            <Alert severity="error">The comments could not be loaded. {query.error?.message}</Alert>
          ) : result.data.length === 0 ? (
            <Typography color="text.secondary">No comments yet.</Typography>
          ) : (
            <List disablePadding>
              {result.data.map((c) => (
                <ListItem
                  key={c.id}
                  divider
                  disableGutters
                  secondaryAction={
                    c.mine && (
                      <IconButton edge="end" aria-label="Delete comment" onClick={() => setDeleting(c)}>
                        <DeleteOutline />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText
                    primary={c.body}
                    secondary={`${c.authorName} · ${c.companyName} · ${new Date(c.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`}
                    slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <form onSubmit={send} noValidate>
            <Stack spacing={1}>
              <TextField label="Comment" multiline minRows={2} value={text} onChange={(e) => setText(e.target.value)} error={!!error} helperText={error} disabled={saving} />
              <Stack direction="row" justifyContent="flex-end">
                <Button type="submit" variant="contained" disabled={saving}>
                  {saving ? 'Sending…' : 'Add comment'}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Stack>
      </CardContent>
      {deleting && (
        <ConfirmDialog
          title="Delete comment"
          question="Delete your comment? Nobody will see it any more."
          confirmLabel="Delete"
          danger
          onConfirm={() => deleteComment(deleting.id).then(refresh)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
