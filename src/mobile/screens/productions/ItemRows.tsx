import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, IconButton, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { BudgetItem } from '../../../../resources/budget';
import { decimalQuantityInput, formatMoney } from '../../../../resources/money';
import type { Station } from '../../../../resources/project';
import { PhotoButton } from './PhotoButton';
import type { NewPhoto } from './production-outbox';

/** One budget item on the screen: typed text for what changes, what the server holds (for an item of a saved draft), the new photos. */
export interface ItemRow {
  key: string;
  budgetItemId: number;
  /** The production item's id once it exists on the server. */
  itemId: number | null;
  name: string;
  code: string | null;
  unit: string | null;
  price: string;
  quantity: string;
  description: string;
  stationId: number | null;
  saved: { quantity: string; description: string; stationId: number | null } | null;
  photos: NewPhoto[];
  /** Photos already on the server, as thumbnails. */
  serverPhotos: Array<{ id: number; name: string; url: string }>;
}

export const rowOfBudgetItem = (b: Pick<BudgetItem, 'id' | 'itemName' | 'itemCode' | 'unit' | 'price'>): ItemRow => ({
  key: `b${b.id}`,
  budgetItemId: b.id,
  itemId: null,
  name: b.itemName,
  code: b.itemCode,
  unit: b.unit,
  price: b.price,
  quantity: '',
  description: '',
  stationId: null,
  saved: null,
  photos: [],
  serverPhotos: [],
});

/** A new row counts once a quantity is typed; a saved item always does. */
export const isPicked = (row: ItemRow) => row.saved !== null || row.quantity.trim() !== '';

/** The contract's message for each counted row's quantity that the server would refuse. */
export function checkRows(rows: ItemRow[]): Map<string, string> {
  const errors = new Map<string, string>();
  for (const row of rows.filter(isPicked)) {
    const checked = decimalQuantityInput.safeParse(row.quantity.trim());
    if (!checked.success) errors.set(row.key, checked.error.issues[0]!.message);
  }
  return errors;
}

const SEARCH_FROM = 8;

/**
 * The budget items the crew may produce, each a card: a large quantity (the decimal keyboard), the
 * note and the station once it counts, "Add photo" with the photos as thumbnails.
 */
export function ItemRows({
  rows,
  onChange,
  errors,
  stations,
  disabled,
  onRemove,
}: {
  rows: ItemRow[];
  onChange: (rows: ItemRow[]) => void;
  errors: Map<string, string>;
  stations: Station[];
  disabled?: boolean;
  /** Offered on items the server holds (a saved draft's). */
  onRemove?: (row: ItemRow) => void;
}) {
  const [search, setSearch] = useState('');
  const set = (key: string, change: Partial<ItemRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const wanted = search.trim().toLowerCase();
  const shown = wanted ? rows.filter((r) => isPicked(r) || `${r.code ?? ''} ${r.name}`.toLowerCase().includes(wanted)) : rows;
  return (
    <Stack spacing={1.5}>
      {rows.length >= SEARCH_FROM && (
        <TextField
          label="Find a budget item"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> } }}
        />
      )}
      {shown.length === 0 && <Typography color="text.secondary">No budget item matches this search.</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Budget items">
        {shown.map((row) => {
          const picked = isPicked(row);
          const error = errors.get(row.key);
          return (
            <Card key={row.key} component="li" variant="outlined" aria-label={row.name} sx={{ listStyle: 'none', borderWidth: 2, borderColor: picked ? 'primary.main' : 'divider' }}>
              <CardContent sx={{ display: 'grid', gap: 1.5, '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {[row.code, row.name].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatMoney(row.price)} per {row.unit || 'unit'}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} alignItems="flex-start">
                  <TextField
                    label="Quantity"
                    value={row.quantity}
                    disabled={disabled}
                    onChange={(e) => set(row.key, { quantity: e.target.value })}
                    error={!!error}
                    helperText={error}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': `Quantity of ${row.name}`, style: { fontSize: '1.375rem', fontWeight: 700 } },
                      input: { endAdornment: row.unit ? <InputAdornment position="end">{row.unit}</InputAdornment> : undefined },
                    }}
                    sx={{ flex: 1, minWidth: 0 }}
                  />
                  <PhotoButton label={`Add photo of ${row.name}`} disabled={disabled} onPhotos={(photos) => set(row.key, { photos: [...row.photos, ...photos] })} />
                </Stack>
                {(row.serverPhotos.length > 0 || row.photos.length > 0) && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={`Photos of ${row.name}`}>
                    {row.serverPhotos.map((p) => (
                      <Box key={p.id} component="img" src={p.url} alt={p.name} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }} />
                    ))}
                    {row.photos.map((p) => (
                      <Box key={p.key} sx={{ position: 'relative' }}>
                        <Box component="img" src={p.url} alt={p.name} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
                        <IconButton
                          aria-label={`Remove ${p.name}`}
                          size="small"
                          disabled={disabled}
                          onClick={() => set(row.key, { photos: row.photos.filter((x) => x.key !== p.key) })}
                          sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper', border: 2, '&:hover': { bgcolor: 'background.paper' } }}
                        >
                          <Close fontSize="small" />
                        </IconButton>
                      </Box>
                    ))}
                  </Stack>
                )}
                {picked && (
                  <>
                    <TextField label="Note" value={row.description} disabled={disabled} onChange={(e) => set(row.key, { description: e.target.value })} slotProps={{ htmlInput: { 'aria-label': `Note on ${row.name}` } }} />
                    {stations.length > 0 && (
                      <TextField
                        select
                        label="Station"
                        value={row.stationId === null ? '' : String(row.stationId)}
                        disabled={disabled}
                        onChange={(e) => set(row.key, { stationId: e.target.value ? Number(e.target.value) : null })}
                        slotProps={{ select: { inputProps: { 'aria-label': `Station of ${row.name}` } } }}
                      >
                        <MenuItem value="">No station</MenuItem>
                        {stations.map((s) => (
                          <MenuItem key={s.id} value={String(s.id)} sx={{ minHeight: 48 }}>
                            {s.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  </>
                )}
                {onRemove && row.itemId !== null && (
                  <Button color="error" onClick={() => onRemove(row)} disabled={disabled} sx={{ justifySelf: 'start', minHeight: 48 }} aria-label={`Remove ${row.name} from this production`}>
                    Remove item
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
