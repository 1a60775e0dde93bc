import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Budget } from '../../../resources/budget';
import type { Item } from '../../../resources/items';
import { drawKindOf } from '../../../resources/plan-takeoff';
import { searchItems } from './editor-api';

export const budgetLabel = (b: Pick<Budget, 'id' | 'status'>) => `Budget #${b.id} (${b.status})`;
const KIND_WORD = { count: 'count', line: 'line', area: 'area' } as const;

/** What the next drawing is of: one of the project's budgets and a catalog item (its kind follows from its type and unit). */
export function ItemPicker({ budgets, budgetId, item, onBudget, onItem }: {
  budgets: Budget[];
  budgetId: number | null;
  item: Item | null;
  onBudget: (id: number) => void;
  onItem: (item: Item | null) => void;
}) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Item[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchItems(input.trim()).then(
        (found) => live && setOptions(found),
        () => live && setOptions([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input]);
  return (
    <Stack spacing={1.5}>
      <TextField select size="small" label="Budget" value={budgetId ?? ''} onChange={(e) => onBudget(Number(e.target.value))} disabled={budgets.length === 0} helperText={budgets.length === 0 ? 'This project has no budget yet' : undefined}>
        {budgets.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {budgetLabel(b)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        size="small"
        options={options}
        value={item}
        onChange={(_, v) => onItem(v)}
        inputValue={input}
        onInputChange={(_, v) => setInput(v)}
        filterOptions={(o) => o}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(o) => (o.code ? `${o.code} · ${o.name}` : o.name)}
        renderOption={({ key, ...props }, o) => (
          <li key={key} {...props}>
            <span style={{ width: 12, height: 12, borderRadius: 2, background: o.lineColor ?? '#1565c0', marginRight: 8, flex: 'none' }} />
            {o.code ? `${o.code} · ` : ''}
            {o.name} — {KIND_WORD[drawKindOf(o)]}
            {o.unit ? `, ${o.unit}` : ''}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label="Item to draw" />}
      />
    </Stack>
  );
}
