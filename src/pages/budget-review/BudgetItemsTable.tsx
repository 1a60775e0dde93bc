import { Box, List, ListItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ExternalBudgetReview } from '../../../resources/budget';
import { formatMoney } from '../../../resources/money';
import { ItemDrawingsLink } from '../editor/ItemDrawingsLink';

type Item = ExternalBudgetReview['items'][number];

/** The budget's items for a reviewer: a table on a wide screen, stacked rows on a phone; plan drawings link back to `returnTo`. */
export function BudgetItemsTable({ items, returnTo }: { items: Item[]; returnTo: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (!items.length) return <Typography color="text.secondary">This budget has no items.</Typography>;
  if (phone) {
    return (
      <List disablePadding aria-label="Budget items">
        {items.map((item) => (
          <ListItem key={item.id} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
            <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {item.itemName}
              {item.itemCode && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {item.itemCode}
                </Typography>
              )}
            </Typography>
            {item.description && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {item.description}
              </Typography>
            )}
            <ItemDrawingsLink item={item} returnTo={returnTo} />
            <Stack direction="row" justifyContent="space-between" spacing={2} sx={{ mt: 0.5 }}>
              <Typography variant="body2">
                {item.quantity.toLocaleString('en-US')}
                {item.unit ? ` ${item.unit}` : ''} × {formatMoney(item.price)}
              </Typography>
              <Typography variant="body2" fontWeight={600}>
                {formatMoney(item.amount)}
              </Typography>
            </Stack>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Budget items">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Unit</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <Box sx={{ fontWeight: 500 }}>
                  {item.itemName}
                  {item.itemCode && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      · {item.itemCode}
                    </Typography>
                  )}
                </Box>
                {item.description && (
                  <Typography variant="body2" color="text.secondary">
                    {item.description}
                  </Typography>
                )}
                <ItemDrawingsLink item={item} returnTo={returnTo} />
              </TableCell>
              <TableCell>{item.unit}</TableCell>
              <TableCell align="right">{item.quantity.toLocaleString('en-US')}</TableCell>
              <TableCell align="right">{formatMoney(item.price)}</TableCell>
              <TableCell align="right">{formatMoney(item.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
