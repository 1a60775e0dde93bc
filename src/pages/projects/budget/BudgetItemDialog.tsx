import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { budgetItemBody, updateBudgetItemBody, type BudgetItem } from '../../../../resources/budget';
import type { ResourceField } from '../../../../resources/engine';
import { formatMoney, parseScaled } from '../../../../resources/money';
import { apiFetch } from '../../../api/http';
import { ReferenceInput } from '../../../engine/ReferenceInput';
import { showServerErrors } from '../../../forms/server-errors';
import { decimalOrZero, wholeOrZero, type BudgetPaths } from './budget-api';
import { MoneyFields, type MoneyFormValues } from './MoneyFields';

/** The catalog item a budget line is for: the active company's items (GET /items), searched as typed. */
export const CATALOG_ITEM_FIELD: ResourceField = { name: 'itemId', label: 'Item', kind: 'reference', reference: { resource: 'items', labelField: 'name' } };

interface ItemFormValues extends MoneyFormValues {
  itemId: number | null;
  reportWeight: boolean;
  description: string;
}
const FIELDS = ['itemId', 'quantity', 'price', 'reportWeight', 'description'] as const;

/**
 * Adds a budget item, or edits one while the budget is editable (draft or rejected). Quantity is a
 * whole number and price a decimal, both validated by the contract's own schema; the price is sent
 * as typed, so the server reads it exactly.
 */
export function BudgetItemDialog({ paths, item, onClose }: { paths: BudgetPaths; item?: BudgetItem; onClose: (saved: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const editing = item !== undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState, watch } = useForm<ItemFormValues>({
    resolver: zodResolver((editing ? updateBudgetItemBody : budgetItemBody) as never, undefined, { raw: true }) as unknown as Resolver<ItemFormValues>,
    reValidateMode: 'onChange',
    defaultValues: {
      itemId: item?.itemId ?? null,
      quantity: item ? String(item.quantity) : '',
      price: item?.price ?? '',
      reportWeight: item?.reportWeight ?? false,
      description: item?.description ?? '',
    },
  });

  const save = handleSubmit(async (values) => {
    setFailure(null);
    const body = {
      itemId: values.itemId,
      quantity: wholeOrZero(values.quantity),
      price: decimalOrZero(values.price),
      reportWeight: values.reportWeight,
      description: values.description.trim() || null,
    };
    try {
      if (editing) await apiFetch(paths.item.replace(':id', String(item.id)), { method: 'PATCH', body, quiet: true });
      else await apiFetch(paths.addItem, { method: 'POST', body, quiet: true });
      notify?.({ type: 'success', message: editing ? 'Budget item saved' : 'Budget item added' });
      onClose(true);
    } catch (err) {
      setFailure(showServerErrors(err, setError, FIELDS));
    }
  });

  const [quantity, price] = watch(['quantity', 'price']);
  return (
    <Dialog open onClose={() => !formState.isSubmitting && onClose(false)} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="budget-item-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="budget-item-title">{editing ? 'Edit budget item' : 'Add budget item'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {editing ? (
              <TextField label="Item" value={[item.itemName, item.itemCode].filter(Boolean).join(' · ')} disabled fullWidth />
            ) : (
              <Controller
                name="itemId"
                control={control}
                render={({ field, fieldState }) => (
                  <ReferenceInput field={CATALOG_ITEM_FIELD} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
            )}
            <MoneyFields control={control} autoFocus={editing} />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              Amount: {amountPreview(quantity, price)}
            </Typography>
            <Controller
              name="reportWeight"
              control={control}
              render={({ field }) => (
                <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Report weight" />
              )}
            />
            <Controller
              name="description"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Description"
                  multiline
                  minRows={2}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                  fullWidth
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {editing ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * quantity × price for the preview, exactly (scaled integers on BigInt, never a float), or a dash
 * while either is not a valid entry. The server computes the amount it keeps.
 */
export function amountPreview(quantity: string, price: string): string {
  const q = parseScaled(quantity.trim() || '0', 0);
  const cents = parseScaled(price.trim() || '0', 2);
  return q === null || cents === null || q < 0n || cents < 0n ? '—' : formatMoney(q * cents);
}
