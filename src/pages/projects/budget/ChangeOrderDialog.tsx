import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { createChangeOrderBody, updateChangeOrderBody, type BudgetItem, type ChangeOrder } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { apiFetch } from '../../../api/http';
import { showServerErrors } from '../../../forms/server-errors';
import { decimalOrZero, sendChangeOrder, wholeOrZero, type BudgetPaths } from './budget-api';
import { amountPreview } from './BudgetItemDialog';
import { MoneyFields, type MoneyFormValues } from './MoneyFields';

interface ChangeOrderValues extends MoneyFormValues {
  itemId?: number;
  reportWeight: boolean;
  description: string;
  requestFromParent: boolean;
}
const FIELDS = ['quantity', 'price', 'reportWeight', 'description', 'requestFromParent'] as const;

type Target = { item: BudgetItem; changeOrder?: undefined } | { changeOrder: ChangeOrder; item?: undefined };

/**
 * A change order of an approved budget's item (spec 02 §2, §4): the new quantity and unit price
 * (the item's by default), why, its report weight, and for a sub-project whether the parent project's
 * company decides it. Saved as a draft, or saved and sent for a decision in one go; a draft or a
 * sent-back one is edited here too.
 */
export function ChangeOrderDialog({ paths, subProject, onClose, ...target }: Target & { paths: BudgetPaths; subProject: boolean; onClose: (saved: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const existing = target.changeOrder;
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, setError, watch } = useForm<ChangeOrderValues>({
    resolver: zodResolver((existing ? updateChangeOrderBody : createChangeOrderBody) as never, undefined, { raw: true }) as unknown as Resolver<ChangeOrderValues>,
    reValidateMode: 'onChange',
    defaultValues: existing
      ? {
          quantity: String(existing.quantity),
          price: existing.price,
          reportWeight: existing.reportWeight,
          description: existing.description ?? '',
          requestFromParent: existing.requestFromParent,
        }
      : {
          itemId: target.item!.id,
          quantity: String(target.item!.quantity),
          price: target.item!.price,
          reportWeight: target.item!.reportWeight,
          description: '',
          requestFromParent: false,
        },
  });

  const save = (send: boolean) =>
    handleSubmit(async (values) => {
      setFailure(null);
      setSaving(true);
      const body = {
        quantity: wholeOrZero(values.quantity),
        price: decimalOrZero(values.price),
        reportWeight: values.reportWeight,
        description: values.description.trim() || null,
        ...(subProject ? { requestFromParent: values.requestFromParent } : {}),
      };
      let saved: ChangeOrder;
      try {
        saved = existing
          ? (await apiFetch<ChangeOrder>(paths.changeOrder(existing.id), { method: 'PATCH', body, quiet: true })).data
          : (await apiFetch<ChangeOrder>(paths.changeOrders, { method: 'POST', body: { itemId: target.item!.id, ...body }, quiet: true })).data;
      } catch (err) {
        setFailure(showServerErrors(err, setError, FIELDS));
        setSaving(false);
        return;
      }
      let mailedTo: string | null | undefined;
      if (send) {
        try {
          mailedTo = (await sendChangeOrder(paths, saved.id, body.price)).data.turn?.contactEmail;
        } catch (err) {
          // The change order is kept as a draft; say so, and let the grid offer Send again.
          notify?.({ type: 'error', message: `Change order #${saved.number} was saved as a draft but not sent: ${(err as Error).message}` });
          onClose(true);
          return;
        }
      }
      notify?.({ type: 'success', message: send ? `Change order #${saved.number} sent${mailedTo ? ` to ${mailedTo}` : ''}` : `Change order #${saved.number} saved` });
      onClose(true);
    })();

  const [quantity, price] = watch(['quantity', 'price']);
  const itemName = existing?.itemName ?? target.item!.itemName;
  const was = existing ? null : target.item!;
  return (
    <Dialog open onClose={() => !saving && onClose(false)} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="change-order-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
        noValidate
      >
        <DialogTitle id="change-order-title">{existing ? `Change order #${existing.number}` : 'New change order'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {itemName}
              {was && ` · now ${was.quantity} × ${formatMoney(was.price)} = ${formatMoney(was.amount)}`}
            </DialogContentText>
            {existing?.status === 'rejected' && existing.message && <Alert severity="warning">Sent back: “{existing.message}”</Alert>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <MoneyFields control={control} autoFocus />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              New amount: {amountPreview(quantity, price)}
            </Typography>
            <Controller
              name="description"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Description"
                  placeholder="What changes and why"
                  multiline
                  minRows={2}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                  fullWidth
                />
              )}
            />
            <Controller
              name="reportWeight"
              control={control}
              render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Report weight" />}
            />
            {subProject && (
              <Controller
                name="requestFromParent"
                control={control}
                render={({ field, fieldState }) => (
                  <Stack>
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                      label="Request from the parent project"
                    />
                    {fieldState.error && (
                      <Typography variant="caption" color="error">
                        {fieldState.error.message}
                      </Typography>
                    )}
                  </Stack>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => onClose(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            Save draft
          </Button>
          <Button variant="contained" onClick={() => void save(true)} disabled={saving}>
            Save and send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
