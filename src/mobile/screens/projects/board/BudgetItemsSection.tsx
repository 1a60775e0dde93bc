import { ListItem, ListItemText, Typography } from '@mui/material';
import type { BudgetItem } from '../../../../../resources/budget';
import { useCachedRead } from '../../../data/cached-read';
import { budgetItemsPath } from '../../../data/field-reads';
import { BoardSection } from './BoardSection';

/** The items a production on this project is recorded against (the production item picker's list), read-only. */
export function BudgetItemsSection({ projectId }: { projectId: number }) {
  const read = useCachedRead<BudgetItem[]>(budgetItemsPath(projectId));
  const rows = read.data ?? [];
  return (
    <BoardSection title="Budget items" read={read} what="the budget items" count={rows.length} empty="The project has no budget items to produce against yet.">
      {rows.map((item) => (
        <ListItem key={item.id} divider sx={{ gap: 1, minHeight: 56 }}>
          <ListItemText
            primary={item.itemName}
            secondary={item.itemCode}
            slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
          />
          <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 700 }} aria-label={`Budget quantity of ${item.itemName}`}>
            {`${item.quantity.toLocaleString()} ${item.unit ?? ''}`.trim()}
          </Typography>
        </ListItem>
      ))}
    </BoardSection>
  );
}
