import { Alert, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import type { TakeoffRow } from '../../../resources/plan-takeoff';
import type { ApiError } from '../../api/http';
import type { SheetApi } from './editor-api';

/**
 * The prompt to add the takeoff to a budget: every item measured on the plan with its measured total
 * and what the budget holds of it; the ticked ones become budget items (or take the measured quantity).
 * Items whose budget quantity already equals the measure start unticked.
 */
export function AddToBudgetDialog({ api, budgetId, budgetLabel, onClose }: { api: SheetApi; budgetId: number; budgetLabel: string; onClose: (added: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [rows, setRows] = useState<TakeoffRow[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.takeoff(budgetId).then(
      (r) => {
        setRows(r);
        setPicked(new Set(r.filter((row) => row.inBudget === null || Number(row.inBudget) !== Number(row.measured)).map((row) => row.itemId)));
      },
      (e: ApiError) => setError(e.message),
    );
  }, [api, budgetId]);

  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const add = async () => {
    setBusy(true);
    try {
      await api.addToBudget(budgetId, [...picked]);
      onClose(true);
    } catch (e) {
      setError((e as ApiError).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="add-to-budget-title" fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle id="add-to-budget-title">Add to {budgetLabel}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        {!rows && !error && <CircularProgress aria-label="Loading the takeoff" />}
        {rows && rows.length === 0 && <Alert severity="info">Nothing is measured on this plan for this budget yet.</Alert>}
        {rows && rows.length > 0 && (
          <Table size="small" aria-label="Measured items">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Item</TableCell>
                <TableCell align="right">Measured</TableCell>
                <TableCell align="right">In budget</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.itemId} hover onClick={() => toggle(row.itemId)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(row.itemId)} slotProps={{ input: { 'aria-label': row.itemName } }} onClick={(e) => e.stopPropagation()} onChange={() => toggle(row.itemId)} />
                  </TableCell>
                  <TableCell>
                    {row.itemCode ? `${row.itemCode} · ` : ''}
                    {row.itemName}
                  </TableCell>
                  <TableCell align="right">
                    {row.measured} {row.unit ?? ''}
                  </TableCell>
                  <TableCell align="right">{row.inBudget === null ? '—' : `${row.inBudget} ${row.unit ?? ''}`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => void add()} disabled={busy || picked.size === 0}>
          Add to budget
        </Button>
      </DialogActions>
    </Dialog>
  );
}
