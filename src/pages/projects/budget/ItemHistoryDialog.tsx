import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useOne } from '@refinedev/core';
import type { BudgetItem, BudgetItemHistory, BudgetItemValues } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import type { BudgetPaths } from './budget-api';
import { formatInstant } from '../../../../resources/time-zone';

const line = (v: BudgetItemValues) => `${v.quantity} × ${formatMoney(v.price)} = ${formatMoney(v.amount)}`;
const signed = (amount: string) => (amount.startsWith('-') ? formatMoney(amount) : `+${formatMoney(amount)}`);

/** An item's history: its values as the budget was approved, each accepted change order, and where it stands now. */
export function ItemHistoryDialog({ paths, item, onClose, timeZone }: { paths: BudgetPaths; item: BudgetItem; onClose: () => void; timeZone: string }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { result: history, query } = useOne<BudgetItemHistory>({
    resource: 'budget-item-history',
    id: item.id,
    meta: { itemPath: paths.itemHistory(item.id) },
    errorNotification: false,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="item-history-title">
      <DialogTitle id="item-history-title">History of {item.itemName}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={140} />
        ) : query.isError || !history ? (
          <Alert severity="error">The history could not be loaded. {query.error?.message}</Alert>
        ) : (
          <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            <Entry title="As approved" detail={line(history.original)} />
            {history.changes.map((change) => (
              <Entry
                key={change.changeOrderId}
                title={`Change order #${change.number} · ${signed(change.amountDelta)}`}
                detail={`${line(change.from)} → ${line(change.to)}`}
                note={change.description}
                when={`Accepted ${formatInstant(change.decidedAt, timeZone)}${change.decidedBy ? ` by ${change.decidedBy.name}` : ''}`}
              />
            ))}
            {history.changes.length === 0 && <Typography color="text.secondary">No change order has been accepted for this item.</Typography>}
            <Entry title="Now" detail={line(history.current)} strong />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Entry({ title, detail, note, when, strong = false }: { title: string; detail: string; note?: string | null; when?: string; strong?: boolean }) {
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: strong ? 'primary.main' : 'divider', pl: 1.5 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="body2" fontWeight={strong ? 600 : 400}>
        {detail}
      </Typography>
      {note && <Typography variant="body2" color="text.secondary">“{note}”</Typography>}
      {when && <Typography variant="caption" color="text.secondary">{when}</Typography>}
    </Box>
  );
}
