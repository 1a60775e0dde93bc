import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, InputAdornment, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { submitBudgetBody, type Budget } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { showServerErrors } from '../../../forms/server-errors';
import { decimalOrZero, submitBudget, type BudgetPaths } from './budget-api';

interface SubmitValues {
  retainagePercent: string;
  profitabilityPercent: string;
  singlePart: boolean;
}

/**
 * Submits the budget for review with its retainage and profitability percents (numbers with up to
 * three decimals, sent as typed); "single part" submits it through submitSinglePart instead.
 */
export function SubmitBudgetDialog({ budget, paths, singlePartDefault, onClose }: { budget: Budget; paths: BudgetPaths; singlePartDefault: boolean; onClose: (submitted: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<SubmitValues>({
    resolver: zodResolver(submitBudgetBody as never, undefined, { raw: true }) as unknown as Resolver<SubmitValues>,
    reValidateMode: 'onChange',
    defaultValues: {
      retainagePercent: budget.retainagePercent ? String(budget.retainagePercent) : '',
      profitabilityPercent: budget.profitabilityPercent ? String(budget.profitabilityPercent) : '',
      singlePart: singlePartDefault,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await submitBudget(paths, values.singlePart, {
        retainagePercent: decimalOrZero(values.retainagePercent),
        profitabilityPercent: decimalOrZero(values.profitabilityPercent),
      });
      notify?.({ type: 'success', message: 'Budget submitted for review' });
      onClose(true);
    } catch (err) {
      setFailure(showServerErrors(err, setError, ['retainagePercent', 'profitabilityPercent']));
    }
  });

  const percentField = (name: 'retainagePercent' | 'profitabilityPercent', label: string, autoFocus = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          autoFocus={autoFocus}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'From 0 to 100, up to 3 decimals'}
          slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          fullWidth
        />
      )}
    />
  );

  return (
    <Dialog open onClose={() => !formState.isSubmitting && onClose(false)} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="submit-budget-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="submit-budget-title">Submit budget for review</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {budget.itemCount} {budget.itemCount === 1 ? 'item' : 'items'}, {formatMoney(budget.total)} in total. Items cannot change while the budget is in review.
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            {percentField('retainagePercent', 'Retainage', true)}
            {percentField('profitabilityPercent', 'Profitability')}
            <Controller
              name="singlePart"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Submit as a single part"
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
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
