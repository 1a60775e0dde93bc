import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Checkbox, InputAdornment, List, ListItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import type { BudgetItem } from '../../../resources/budget';
import { formatMoney } from '../../../resources/money';
import { productionItemBody } from '../../../resources/production';

/** A budget item picked for a production, with what was typed for it (kept as text: quantities are never floats here). */
export interface PickedItem {
  item: Pick<BudgetItem, 'id' | 'itemName' | 'itemCode' | 'unit' | 'price'>;
  quantity: string;
  photosNumber: string;
}
export type PickedItems = ReadonlyMap<number, PickedItem>;
type RowErrors = Partial<Record<'quantity' | 'photosNumber', string>>;

/** The contract's messages for each picked row that would be refused; empty when every row is good. */
export function checkPicked(picked: PickedItems): Map<number, RowErrors> {
  const errors = new Map<number, RowErrors>();
  for (const [id, row] of picked) {
    const checked = productionItemBody.safeParse({ budgetItemId: id, quantity: row.quantity.trim(), photosNumber: row.photosNumber.trim() || 0 });
    if (checked.success) continue;
    const rowErrors: RowErrors = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if ((field === 'quantity' || field === 'photosNumber') && !rowErrors[field]) rowErrors[field] = issue.message;
    }
    errors.set(id, rowErrors);
  }
  return errors;
}

/** The picked rows as the API's items: quantities as typed text, read exactly by the server. */
export const pickedBody = (picked: PickedItems) =>
  [...picked.entries()].map(([budgetItemId, row]) => ({ budgetItemId, quantity: row.quantity.trim(), photosNumber: Number(row.photosNumber.trim() || 0) }));

const SEARCH_DELAY_MS = 250;
const PAGE = 200;

/**
 * The project's budget items (GET /budgetItems?projectId=), searchable, each with a quantity and the
 * photos the crew is asked for. Typing a quantity ticks the row; ticked rows stay listed whatever
 * the search shows.
 */
export function BudgetItemQuantities({
  projectId,
  picked,
  onChange,
  errors,
  disabled,
  photos = true,
}: {
  projectId: number;
  picked: PickedItems;
  onChange: (next: PickedItems) => void;
  errors: Map<number, RowErrors>;
  disabled?: boolean;
  /** False where no photos are asked per item (a task's planned quantities). */
  photos?: boolean;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { result, query } = useList<BudgetItem>({
    resource: 'production-budget-items',
    meta: { path: '/budgetItems', quiet: true },
    pagination: { currentPage: 1, pageSize: PAGE },
    filters: [{ field: 'projectId', operator: 'eq', value: projectId }, ...(search ? [{ field: 'q', operator: 'eq' as const, value: search }] : [])],
    sorters: [{ field: 'itemName', order: 'asc' }],
    errorNotification: false,
  });
  const rows = useMemo(() => {
    const listed = result.data.map((b): PickedItem['item'] => b);
    const extra = [...picked.values()].map((p) => p.item).filter((i) => !listed.some((l) => l.id === i.id));
    return [...extra, ...listed];
  }, [result.data, picked]);

  const set = (item: PickedItem['item'], change: Partial<Omit<PickedItem, 'item'>> | null) => {
    const next = new Map(picked);
    if (change === null) next.delete(item.id);
    else next.set(item.id, { item, quantity: '', photosNumber: '', ...picked.get(item.id), ...change });
    onChange(next);
  };

  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label="Search the budget items"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        disabled={disabled}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      />
      {query.isError && <Alert severity="error">The budget items could not be loaded. {query.error?.message}</Alert>}
      {query.isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {search ? 'No budget item matches this search.' : 'The project has no budget items to produce against.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Budget items">
          {rows.map((item) => {
            const row = picked.get(item.id);
            const rowErrors = errors.get(item.id) ?? {};
            const name = [item.itemCode, item.itemName].filter(Boolean).join(' · ');
            return (
              <ListItem key={item.id} divider disableGutters sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1 }}>
                <Checkbox
                  edge="start"
                  checked={!!row}
                  disabled={disabled}
                  onChange={(e) => set(item, e.target.checked ? {} : null)}
                  slotProps={{ input: { 'aria-label': `Pick ${item.itemName}` } }}
                />
                <Box sx={{ flex: 1, minWidth: 0, pt: 1, flexBasis: { xs: 'calc(100% - 56px)', sm: 'auto' } }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatMoney(item.price)} per {item.unit || 'unit'}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' }, pl: { xs: 5, sm: 0 } }}>
                  <TextField
                    size="small"
                    label="Quantity"
                    value={row?.quantity ?? ''}
                    disabled={disabled}
                    onChange={(e) => set(item, { quantity: e.target.value })}
                    error={!!rowErrors.quantity}
                    helperText={rowErrors.quantity}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Quantity of ${item.itemName}` }, input: { endAdornment: item.unit ? <InputAdornment position="end">{item.unit}</InputAdornment> : undefined } }}
                    sx={{ width: { xs: '50%', sm: 170 } }}
                  />
                  {photos && (
                  <TextField
                    size="small"
                    label="Photos required"
                    value={row?.photosNumber ?? ''}
                    disabled={disabled}
                    onChange={(e) => set(item, { photosNumber: e.target.value })}
                    error={!!rowErrors.photosNumber}
                    helperText={rowErrors.photosNumber ?? 'How many the crew must take'}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Photos required for ${item.itemName}` } }}
                    sx={{ width: { xs: '50%', sm: 150 } }}
                  />
                  )}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {(result.total ?? 0) > PAGE && !search && (
        <Typography variant="caption" color="text.secondary">
          The first {PAGE} of {result.total} items show: search to find the others.
        </Typography>
      )}
    </Stack>
  );
}
