import { Alert, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { taskCommentBody, type Task, type TaskComment } from '../../../resources/task';
import type { ApiError } from '../../api/http';
import { TASK_RESOURCES, addComment, taskPaths, useTaskRefresh } from './task-api';

/** Comments on the task (GET and POST /tasks/{id}/comments), oldest first; anyone who reads the task writes. */
export function TaskComments({ task }: { task: Task }) {
  const refresh = useTaskRefresh();
  const { result, query } = useList<TaskComment>({ resource: TASK_RESOURCES.comments, meta: { path: taskPaths(task.id).comments }, pagination: { mode: 'off' } });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = taskCommentBody.safeParse({ comment: text });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setSaving(true);
    setError(null);
    try {
      await addComment(task.id, checked.data.comment);
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
            <List disablePadding aria-label="Comments">
              {result.data.map((c) => (
                <ListItem key={c.id} divider disableGutters>
                  <ListItemText
                    primary={c.body}
                    secondary={`${c.authorName} · ${new Date(c.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`}
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
    </Card>
  );
}
