import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useList, useNotification } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import { MONEY_MESSAGES, formatMoney, parseScaled, priceInput, quantityInput } from '../../../../resources/money';
import { items as itemsResource, type Item } from '../../../../resources/items';
import { apiFetch, type ApiError } from '../../../api/http';
import { useResource } from '../../../engine/useResource';
import { decimalOrZero, wholeOrZero, type BudgetPaths } from './budget-api';

type Picked = { item: Pick<Item, 'id' | 'name' | 'code' | 'unit'>; quantity: string; price: string };
type RowErrors = Partial<Record<'quantity' | 'price', string>>;

const SEARCH_DELAY_MS = 250;

const checkRow = (row: Picked): RowErrors => {
  const errors: RowErrors = {};
  if (!quantityInput.safeParse(row.quantity.trim() || 0).success) errors.quantity = MONEY_MESSAGES.quantity;
  if (!priceInput.safeParse(decimalOrZero(row.price)).success) errors.price = MONEY_MESSAGES.price;
  return errors;
};

/**
 * Adds several catalog items at once (POST items/multiple, one transaction): search the company's
 * items, tick them, give each its quantity and unit price. Typing a quantity or price ticks the row;
 * ticked rows stay listed whatever the search shows.
 */
export function AddItemsDialog({ paths, onClose }: { paths: BudgetPaths; onClose: (saved: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const { meta } = useResource(itemsResource);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { result, query } = useList<Item>({
    resource: itemsResource.name,
    meta,
    pagination: { currentPage: 1, pageSize: 50 },
    filters: search ? [{ field: 'q', operator: 'eq', value: search }] : [],
    sorters: [{ field: 'name', order: 'asc' }],
  });

  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const [errors, setErrors] = useState<Map<number, RowErrors>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const rows = useMemo(() => {
    const found = result.data.map((item) => picked.get(item.id) ?? { item, quantity: '', price: '' });
    const shown = new Set(found.map((r) => r.item.id));
    return [...[...picked.values()].filter((r) => !shown.has(r.item.id)), ...found];
  }, [result.data, picked]);

  const update = (row: Picked, change: Partial<Picked> | null) => {
    setPicked((current) => {
      const next = new Map(current);
      if (change === null) next.delete(row.item.id);
      else next.set(row.item.id, { ...row, ...change });
      return next;
    });
    setErrors((current) => {
      if (!current.has(row.item.id)) return current;
      const next = new Map(current);
      next.delete(row.item.id);
      return next;
    });
  };

  const total = useMemo(() => {
    let cents = 0n;
    for (const row of picked.values()) {
      const q = parseScaled(row.quantity.trim() || '0', 0);
      const p = parseScaled(decimalOrZero(row.price), 2);
      if (q === null || p === null) return null;
      cents += q * p;
    }
    return cents;
  }, [picked]);

  const add = async () => {
    setFailure(null);
    const list = [...picked.values()];
    const found = new Map(list.map((row) => [row.item.id, checkRow(row)] as const).filter(([, e]) => Object.keys(e).length > 0));
    setErrors(found);
    if (found.size) return;
    setBusy(true);
    try {
      await apiFetch(paths.addItems, {
        method: 'POST',
        quiet: true,
        body: { items: list.map((row) => ({ itemId: row.item.id, quantity: wholeOrZero(row.quantity), price: decimalOrZero(row.price), reportWeight: false, description: null })) },
      });
      notify?.({ type: 'success', message: `${list.length} budget ${list.length === 1 ? 'item' : 'items'} added` });
      onClose(true);
    } catch (err) {
      const apiError = err as ApiError;
      // 'items.2.price' names the third row sent.
      const placed = new Map<number, RowErrors>();
      for (const d of apiError.details ?? []) {
        const [, index, field] = d.field.split('.');
        const row = list[Number(index)];
        if (row && (field === 'quantity' || field === 'price')) placed.set(row.item.id, { ...placed.get(row.item.id), [field]: d.message });
      }
      setErrors(placed);
      setFailure(apiError.message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="add-items-title">
      <DialogTitle id="add-items-title">Add several items</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Search items"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
            autoFocus
            fullWidth
          />
          {query.isLoading ? (
            <Skeleton variant="rounded" height={160} />
          ) : query.isError ? (
            <Alert severity="error">The items could not be loaded.</Alert>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary">{search ? 'No items match this search.' : 'The company has no items yet: add them under Items first.'}</Typography>
          ) : (
            <List dense disablePadding aria-label="Catalog items">
              {rows.map((row) => {
                const checked = picked.has(row.item.id);
                const rowErrors = errors.get(row.item.id) ?? {};
                const label = `${row.item.name}${row.item.code ? ` (${row.item.code})` : ''}`;
                return (
                  <ListItem key={row.item.id} divider disableGutters sx={{ display: 'block', py: 1 }}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
                      <Stack direction="row" alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
                        <Checkbox
                          checked={checked}
                          onChange={(e) => update(row, e.target.checked ? {} : null)}
                          slotProps={{ input: { 'aria-label': `Add ${label}` } }}
                        />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" noWrap>
                            {label}
                          </Typography>
                          {row.item.unit && (
                            <Typography variant="caption" color="text.secondary">
                              per {row.item.unit}
                            </Typography>
                          )}
                        </Box>
                      </Stack>
                      <Stack direction="row" spacing={1} sx={{ pl: { xs: 5, sm: 0 }, width: { sm: 300 } }}>
                        <TextField
                          size="small"
                          sx={{ flex: 1, minWidth: 0 }}
                          label="Quantity"
                          value={row.quantity}
                          onChange={(e) => update(row, { quantity: e.target.value })}
                          error={!!rowErrors.quantity}
                          helperText={rowErrors.quantity}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${label}` } }}
                        />
                        <TextField
                          size="small"
                          sx={{ flex: 1, minWidth: 0 }}
                          label="Unit price"
                          value={row.price}
                          onChange={(e) => update(row, { price: e.target.value })}
                          error={!!rowErrors.price}
                          helperText={rowErrors.price}
                          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Unit price of ${label}` } }}
                        />
                      </Stack>
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" sx={{ mr: 'auto', pl: 1 }} aria-live="polite">
          {picked.size} selected{total !== null && picked.size ? ` · ${formatMoney(total)}` : ''}
        </Typography>
        <Button onClick={() => onClose(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={add} disabled={busy || picked.size === 0}>
          Add {picked.size || ''} {picked.size === 1 ? 'item' : 'items'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
