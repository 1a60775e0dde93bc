import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { decimalQuantityInput, formatMoney } from '../../../../resources/money';
import { PRODUCTION_SUCCESS, type Production, type ProductionItem } from '../../../../resources/production';
import type { ApiError } from '../../../api/http';
import { deleteItem, updateItemQuantity, useProductionRefresh } from '../production-api';
import { ConfirmDialog } from '../ProductionDialogs';
import { AddProductionItemsDialog } from './AddProductionItemsDialog';
import { PlanMarksCard } from './PlanMarksCard';
import { TextsCard } from './TextsCard';

/** A draft's quantity, typed in place: saved on Enter or on leaving the field when it changed and the contract accepts it. */
function QuantityCell({ item, onSaved }: { item: ProductionItem; onSaved: () => Promise<void> }) {
  const [value, setValue] = useState(item.quantity);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const typed = value.trim();
    if (typed === item.quantity) return setError(null);
    const checked = decimalQuantityInput.safeParse(typed);
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setSaving(true);
    setError(null);
    try {
      await updateItemQuantity(item.id, typed);
      await onSaved();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <TextField
      size="small"
      value={value}
      disabled={saving}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void save();
        if (e.key === 'Escape') {
          setValue(item.quantity);
          setError(null);
        }
      }}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Quantity of ${item.itemName}`, style: { textAlign: 'right' } } }}
      sx={{ width: 130 }}
    />
  );
}

function OverBudget({ item }: { item: ProductionItem }) {
  return (
    <Tooltip title={`Approved production reaches ${item.producedQuantity} of the ${item.plannedQuantity} ${item.unit ?? ''} budgeted`}>
      <Chip size="small" color="warning" icon={<WarningAmber />} label="Over budget" />
    </Tooltip>
  );
}

/** On a phone each item is a block: its name and flags, the quantity (a field while draft), amount, photos and delete. */
function PhoneItems({ production, onSaved, onDelete }: { production: Production; onSaved: () => Promise<void>; onDelete: (item: ProductionItem) => void }) {
  return (
    <List disablePadding aria-label="Production items">
      {production.items.map((item) => (
        <ListItem key={item.id} divider sx={{ display: 'block', py: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {[item.itemCode, item.itemName].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatMoney(item.price)} per {item.unit || 'unit'}
              </Typography>
              {(item.overBudget || item.invoiced) && (
                <Stack direction="row" spacing={0.5}>
                  {item.overBudget && <OverBudget item={item} />}
                  {item.invoiced && <Chip size="small" variant="outlined" label="Invoiced" />}
                </Stack>
              )}
            </Stack>
            {production.canEdit && (
              <IconButton aria-label={`Delete ${item.itemName}`} onClick={() => onDelete(item)} sx={{ mt: -0.5 }}>
                <DeleteOutline />
              </IconButton>
            )}
          </Stack>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
            {production.canEdit ? (
              <QuantityCell key={item.quantity} item={item} onSaved={onSaved} />
            ) : (
              <Typography variant="body2">
                {item.quantity} {item.unit ?? ''}
              </Typography>
            )}
            <Typography variant="body2" sx={{ flex: 1, textAlign: 'right', fontWeight: 500 }}>
              {formatMoney(item.amount)}
            </Typography>
            <Link component={RouterLink} to={`/productions/inspect/${production.id}/photos/${item.id}`} color={item.photoCount < item.photosNumber ? 'warning.main' : undefined} aria-label={`Photos of ${item.itemName}: ${item.photoCount} of ${item.photosNumber}`}>
              {item.photoCount}/{item.photosNumber} photos
            </Link>
          </Stack>
        </ListItem>
      ))}
      <ListItem sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" fontWeight={600}>
          Total
        </Typography>
        <Typography variant="body2" fontWeight={600}>
          {formatMoney(production.amount)}
        </Typography>
      </ListItem>
    </List>
  );
}

const TOTAL = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } as const;

/** The production's items: quantity in place while draft, price, amount, photos asked and attached, the over-budget flag, delete; and the day's texts. */
export function ItemsSection({ production }: { production: Production }) {
  const { open: notify } = useNotification();
  const refresh = useProductionRefresh();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ProductionItem | null>(null);
  const editable = production.canEdit;
  const saved = async () => {
    await refresh();
    notify?.({ type: 'success', message: PRODUCTION_SUCCESS.saved });
  };
  const over = production.items.filter((i) => i.overBudget).length;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return (
    <>
      <Card>
        <CardHeader
          title="Items"
          subheader={editable ? 'Type a quantity and press Enter to save it.' : undefined}
          slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
          action={
            editable && (
              <Button startIcon={<Add />} onClick={() => setAdding(true)}>
                Add items
              </Button>
            )
          }
        />
        {over > 0 && (
          <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
            {over === 1 ? 'One item passes' : `${over} items pass`} its budgeted quantity with this production.
          </Alert>
        )}
        {production.items.length === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{editable ? 'No items yet: add what the crew produced.' : 'No items.'}</Typography>
          </CardContent>
        ) : phone ? (
          <PhoneItems production={production} onSaved={saved} onDelete={setDeleting} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Production items">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell>Unit</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Photos</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {production.items.map((item) => (
                  <TableRow key={item.id} hover>
                    <TableCell sx={{ minWidth: 160 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {[item.itemCode, item.itemName].filter(Boolean).join(' · ')}
                      </Typography>
                      {item.description && (
                        <Typography variant="caption" color="text.secondary">
                          {item.description}
                        </Typography>
                      )}
                      {item.overBudget && <OverBudget item={item} />}
                      {item.invoiced && <Chip size="small" variant="outlined" label="Invoiced" sx={{ ml: item.overBudget ? 0.5 : 0 }} />}
                    </TableCell>
                    <TableCell>{item.unit ?? ''}</TableCell>
                    <TableCell align="right">{editable ? <QuantityCell key={item.quantity} item={item} onSaved={saved} /> : item.quantity}</TableCell>
                    <TableCell align="right">{formatMoney(item.price)}</TableCell>
                    <TableCell align="right">{formatMoney(item.amount)}</TableCell>
                    <TableCell align="right">
                      <Link component={RouterLink} to={`/productions/inspect/${production.id}/photos/${item.id}`} color={item.photoCount < item.photosNumber ? 'warning.main' : undefined}>
                        {item.photoCount}/{item.photosNumber}
                      </Link>
                    </TableCell>
                    <TableCell align="right" padding="checkbox">
                      {editable && (
                        <IconButton aria-label={`Delete ${item.itemName}`} onClick={() => setDeleting(item)}>
                          <DeleteOutline />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={4} sx={TOTAL}>
                    Total
                  </TableCell>
                  <TableCell align="right" sx={TOTAL}>
                    {formatMoney(production.amount)}
                  </TableCell>
                  <TableCell colSpan={2} />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </Card>
      <PlanMarksCard production={production} />
      <TextsCard production={production} />
      {adding && <AddProductionItemsDialog production={production} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete item"
          question={`Delete ${deleting.itemName} (${deleting.quantity} ${deleting.unit ?? ''}) from this production?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => deleteItem(deleting.id).then(saved)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
