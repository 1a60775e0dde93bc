import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { BUDGET_EDITABLE, type Budget } from '../../../../resources/budget';

const dismissedKey = (budgetId: number) => `fieldwork.budgetPrompt.${budgetId}`;

/**
 * Whether to offer adding items (spec 02 §2, the prompt-to-add-budget dialog): the budget has none,
 * it can change, and the caller may change it. Asked once per budget in a tab, not on every visit.
 */
export function usePromptAddItems(budget: Budget | undefined) {
  const [dismissed, setDismissed] = useState(false);
  const due =
    !!budget &&
    !dismissed &&
    budget.canManage &&
    budget.itemCount === 0 &&
    BUDGET_EDITABLE.includes(budget.status) &&
    sessionStorage.getItem(dismissedKey(budget.id)) === null;
  const dismiss = () => {
    if (budget) sessionStorage.setItem(dismissedKey(budget.id), '1');
    setDismissed(true);
  };
  return { due, dismiss };
}

/** The budget is empty: add several catalog items, one item, import them from a spreadsheet, or not now. */
export function PromptAddItemsDialog({ onChoose }: { onChoose: (next: 'addMany' | 'add' | 'import' | null) => void }) {
  return (
    <Dialog open onClose={() => onChoose(null)} aria-labelledby="prompt-add-title">
      <DialogTitle id="prompt-add-title">Add items to the budget?</DialogTitle>
      <DialogContent>
        <DialogContentText>This budget has no items yet. Pick items from your catalog with their quantities and unit prices.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onChoose(null)}>Not now</Button>
        <Button onClick={() => onChoose('add')}>Add one item</Button>
        <Button onClick={() => onChoose('import')}>Import from a spreadsheet</Button>
        <Button variant="contained" onClick={() => onChoose('addMany')} autoFocus>
          Add several items
        </Button>
      </DialogActions>
    </Dialog>
  );
}
