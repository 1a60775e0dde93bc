import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createCrewBody, crews, type CrewDetail } from '../../../resources/crew';
import { useDialogSave } from '../../engine/useDialogSave';
import { useResource } from '../../engine/useResource';
import { capitalizeWords } from '../../forms/masks';
import { LoadingView } from '../../shell/LoadingView';
import { CategoryPicker, PeoplePicker } from './crew-pickers';

interface Values {
  name: string;
  members: number[];
  leaders: number[];
  categories: number[];
}

const EMPTY: Values = { name: '', members: [], leaders: [], categories: [] };
const FIELDS = Object.keys(EMPTY);

/** New Crew and Edit Crew: the name, the people as members and as leaders, and the categories worked on. */
export function CrewFormDialog({ id, onClose }: { id?: string; onClose: (savedId?: string | number) => void }) {
  const { meta } = useResource(crews);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const editing = id !== undefined;
  const { result: current, query } = useOne<CrewDetail>({ resource: crews.name, id: id ?? '', meta, queryOptions: { enabled: editing }, errorNotification: false });
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    // The server's own schema: the same rules, the same messages.
    resolver: zodResolver(createCrewBody) as never,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (current) {
      const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);
      reset({ name: current.name, members: ids(current.members), leaders: ids(current.leaders), categories: ids(current.categories) });
    }
  }, [current, reset]);
  const { save, failure } = useDialogSave<Values>({
    def: crews,
    meta,
    id,
    fields: FIELDS,
    setError,
    onSaved: onClose,
    onRefused: (error) => {
      if (error.statusCode === 409) setError('name', { message: error.message });
    },
  });
  const submit = handleSubmit(save);

  const title = editing ? 'Edit Crew' : 'New Crew';
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="crew-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="crew-form-title">{title}</DialogTitle>
        <DialogContent>
          {editing && query.isLoading ? (
            <LoadingView />
          ) : editing && query.isError ? (
            <Alert severity="error">This crew could not be loaded.</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <Controller
                name="name"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    label="Name"
                    autoFocus
                    fullWidth
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(capitalizeWords(e.target.value))}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                name="members"
                control={control}
                render={({ field, fieldState }) => (
                  <PeoplePicker label="Members" value={field.value} onChange={field.onChange} known={current?.members} error={fieldState.error?.message} />
                )}
              />
              <Controller
                name="leaders"
                control={control}
                render={({ field, fieldState }) => (
                  <PeoplePicker
                    label="Leaders"
                    value={field.value}
                    onChange={field.onChange}
                    known={current?.leaders}
                    error={fieldState.error?.message}
                    helperText="Who leads the crew; a leader need not be listed as a member."
                  />
                )}
              />
              <Controller
                name="categories"
                control={control}
                render={({ field, fieldState }) => (
                  <CategoryPicker value={field.value} onChange={field.onChange} known={current?.categories} error={fieldState.error?.message} />
                )}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting || (editing && !current)}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
