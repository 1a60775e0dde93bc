import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useCreate, useOne, useUpdate } from '@refinedev/core';
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, type Control } from 'react-hook-form';
import type { ResourceDef, ResourceField } from '../../resources/engine';
import type { GeocodedAddress } from '../../resources/geocoding';
import type { ApiError } from '../api/http';
import { placeValues } from '../forms/address-search';
import { useRevealed } from '../components/useRevealed';
import { LoadingView } from '../shell/LoadingView';
import { FieldInput } from './FieldInput';
import { useResource } from './useResource';

const emptyValues = (def: ResourceDef) =>
  Object.fromEntries(def.fields.filter((f) => f.form !== false).map((f) => [f.name, f.kind === 'boolean' ? false : f.nullable ? null : '']));

/**
 * Create or edit a row in a dialog; validation is the resource's own zod schema, as on the server.
 * initialValues prefill a new row; renderField replaces the input of some fields (undefined keeps the generic one).
 */
export function ResourceFormDialog({
  def,
  id,
  onClose,
  initialValues,
  renderField,
}: {
  def: ResourceDef;
  id?: string;
  onClose: (savedId?: string | number) => void;
  initialValues?: Record<string, unknown>;
  renderField?: (field: ResourceField, control: Control<any>) => ReactNode | undefined;
}) {
  const { meta } = useResource(def);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const editing = id !== undefined;
  const fields = useMemo(
    () => def.fields.filter((f) => f.form !== false && (f.form === undefined || f.form === 'both' || f.form === (editing ? 'edit' : 'create'))),
    [def, editing],
  );
  const { result: current, query } = useOne({ resource: def.name, id: id ?? '', meta, queryOptions: { enabled: editing } });
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm({
    resolver: zodResolver(editing ? def.update : def.create),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ...emptyValues(def), ...initialValues },
  });
  useEffect(() => {
    if (current) reset({ ...emptyValues(def), ...Object.fromEntries(fields.map((f) => [f.name, current[f.name] ?? (f.nullable ? null : '')])) });
  }, [current, def, fields, reset]);
  const fillFromPlace = (place: GeocodedAddress) => {
    for (const [name, value] of Object.entries(placeValues(place, (n) => fields.some((f) => f.name === n)))) setValue(name, value, { shouldDirty: true });
  };
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = useRevealed<HTMLDivElement>(failure);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = editing
        ? await update({ resource: def.name, id: id!, values, meta: { ...meta, quiet: true }, successNotification: { message: def.messages.saved, type: 'success' }, errorNotification: false })
        : await create({ resource: def.name, values, meta: { ...meta, quiet: true }, successNotification: { message: def.messages.created, type: 'success' }, errorNotification: false });
      onClose(saved.data.id);
    } catch (err) {
      const apiError = err as ApiError;
      for (const d of apiError.details ?? []) if (fields.some((f) => f.name === d.field)) setError(d.field, { message: d.message });
      setFailure(apiError.message);
    }
  });

  const title = `${editing ? 'Edit' : 'New'} ${def.singular}`;
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="resource-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="resource-form-title">{title}</DialogTitle>
        <DialogContent>
          {editing && query.isLoading ? (
            <LoadingView />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && (
                <Alert ref={showFailure} severity="error">
                  {failure}
                </Alert>
              )}
              {fields.map((f, i) => (
                <Fragment key={f.name}>{renderField?.(f, control) ?? <FieldInput field={f} control={control} autoFocus={i === 0} onPlace={fillFromPlace} />}</Fragment>
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
