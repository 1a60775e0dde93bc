import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useCreate, useInvalidate, useOne, useUpdate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ResourceField } from '../../../resources/engine';
import { createItemBody, items, updateItemBody, type Item } from '../../../resources/items';
import { holds } from '../../../permissions';
import type { ApiError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { FieldInput } from '../../engine/FieldInput';
import { useResource } from '../../engine/useResource';
import { showServerErrors } from '../../forms/server-errors';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';
import { CategoryPicker } from '../catalog/CategoryPicker';
import { EMPTY_ITEM, ITEM_FORM_FIELDS, itemFormValues, type ItemFormValues } from './item-form-values';
import { ItemIconField } from './ItemIconField';
import { PartnershipPicker, type PartnershipOption } from './PartnershipPicker';

const field = (name: string) => items.fields.find((f) => f.name === name) as ResourceField;

/**
 * New and edit item: every field of the item, the client it is made for (when new), a market of that
 * client, and an icon uploaded with progress once the item is saved.
 */
export function ItemFormDialog({ id, onClose }: { id?: string; onClose: (savedId?: string | number) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { profile } = useSession();
  const { meta } = useResource(items);
  const editing = id !== undefined;
  const { result: current, query } = useOne<Item>({ resource: items.name, id: id ?? '', meta, queryOptions: { enabled: editing } });
  const { control, handleSubmit, reset, setError, formState } = useForm<ItemFormValues>({
    resolver: zodResolver((editing ? updateItemBody : createItemBody) as never),
    defaultValues: EMPTY_ITEM,
  });
  useEffect(() => {
    if (current) reset(itemFormValues(current));
  }, [current, reset]);

  const [partnership, setPartnership] = useState<PartnershipOption | null>(null);
  // An item made for a client keeps that client; its markets are the client's.
  const { result: itemPartnership } = useOne<PartnershipOption>({
    resource: 'clients',
    id: current?.partnershipId ?? '',
    meta: { itemPath: '/partnerships/get/:id' },
    queryOptions: { enabled: !!current?.partnershipId },
    errorNotification: false,
  });
  const markets = (editing ? itemPartnership?.markets : partnership?.markets) ?? [];
  const [icon, setIcon] = useState<File | null>(null);
  const [removeIcon, setRemoveIcon] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const invalidate = useInvalidate();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    let savedId: number | undefined;
    try {
      const body = { ...values, ...(editing && removeIcon && !icon ? { iconId: null } : {}) };
      const quiet = { ...meta, quiet: true };
      const saved = editing
        ? await update({ resource: items.name, id: id!, values: body, meta: quiet, successNotification: { message: items.messages.saved, type: 'success' }, errorNotification: false })
        : await create({
            resource: items.name,
            values: body,
            meta: { ...quiet, path: partnership ? `/partnerships/${partnership.id}/items` : meta.path },
            successNotification: { message: items.messages.created, type: 'success' },
            errorNotification: false,
          });
      savedId = Number(saved.data.id);
    } catch (err) {
      setFailure(showServerErrors(err, setError, ITEM_FORM_FIELDS));
      return;
    }
    if (icon) {
      setProgress(0);
      try {
        await uploadFile(`/items/${savedId}/files`, { type: 'icon' }, icon, setProgress);
      } catch (err) {
        setProgress(null);
        setFailure(`The item was saved, but its icon could not be uploaded: ${(err as ApiError).message}`);
        // From here on the dialog edits the saved item, so trying again does not create a second one.
        if (!editing) navigate(`/${items.name}/${savedId}/edit`, { replace: true });
        return;
      }
      await invalidate({ resource: items.name, invalidates: ['list', 'detail'], id: savedId });
    }
    onClose(savedId);
  });

  const busy = formState.isSubmitting || progress !== null;
  // FieldInput serves every resource, so it takes an untyped control.
  const input = (name: string, autoFocus = false) => <FieldInput field={field(name)} control={control as unknown as Control<any>} autoFocus={autoFocus} />;
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="item-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="item-form-title">{editing ? 'Edit Item' : 'New Item'}</DialogTitle>
        <DialogContent>
          {editing && query.isLoading ? (
            <LoadingView />
          ) : editing && query.isError ? (
            <Alert severity="error">This item could not be loaded.</Alert>
          ) : (
            <Grid container spacing={2} sx={{ pt: 1 }}>
              {failure && (
                <Grid size={12}>
                  <Alert severity="error">{failure}</Alert>
                </Grid>
              )}
              <Grid size={{ xs: 12, sm: 6 }}>{input('name', true)}</Grid>
              <Grid size={{ xs: 6, sm: 3 }}>{input('code')}</Grid>
              <Grid size={{ xs: 6, sm: 3 }}>{input('unit')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="categoryId"
                  control={control}
                  render={({ field: f, fieldState }) => (
                    <CategoryPicker label="Category" placeholder="No category" value={(f.value as number | null) ?? null} onChange={f.onChange} error={fieldState.error?.message} />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{input('productionItemType')}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{input('lineColor')}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{input('photosNumber')}</Grid>
              <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
                {input('productionIsAllowed')}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {editing ? (
                  <TextField label="Client" value={current?.clientName ?? (current?.partnershipId ? '…' : 'None: one of the company’s own items')} fullWidth disabled />
                ) : holds(profile, 'partnerships:view') ? (
                  <PartnershipPicker value={partnership} onChange={setPartnership} />
                ) : null}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="marketId"
                  control={control}
                  render={({ field: f, fieldState }) => (
                    <TextField
                      select
                      label="Market"
                      fullWidth
                      value={(f.value as number | null) ?? ''}
                      onChange={(e) => f.onChange(e.target.value === '' ? null : Number(e.target.value))}
                      disabled={!markets.length}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? (markets.length ? undefined : 'Markets come from the client')}
                    >
                      <MenuItem value="">
                        <em>None</em>
                      </MenuItem>
                      {markets.map((m) => (
                        <MenuItem key={m.id} value={m.id}>
                          {m.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={12}>
                <ItemIconField url={current?.iconUrl ?? null} file={icon} onFile={setIcon} removed={removeIcon} onRemove={setRemoveIcon} progress={progress} />
              </Grid>
            </Grid>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || (editing && !current)}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
