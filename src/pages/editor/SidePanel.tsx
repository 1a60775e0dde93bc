import DeleteSweep from '@mui/icons-material/DeleteSweep';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Straighten from '@mui/icons-material/Straighten';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Box, Button, Divider, IconButton, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Budget } from '../../../resources/budget';
import type { LayerItem, LayerItemsAnswer } from '../../../resources/plan-takeoff';
import { budgetLabel } from './ItemPicker';
import { BUILT_COLOR, DEFAULT_COLOR } from './shapes';
import { builtPercent, itemTotals, scaleText, unitTotals } from './sheet-totals';

const Swatch = ({ color }: { color: string }) => <Box component="span" sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: 0.5, bgcolor: color, mr: 0.75, verticalAlign: 'middle' }} />;

/**
 * The sheet's legend: its scale, the layers per budget (shown or hidden, cleared from this page),
 * each item's planned and built quantities with the totals, and the way to the budget.
 */
export function SidePanel({ answer, pageNumber, budgets, hidden, onToggle, onClear, onAddToBudget, picker }: {
  answer: LayerItemsAnswer;
  pageNumber: number;
  budgets: Budget[];
  hidden: Set<number>;
  onToggle: (budgetId: number) => void;
  onClear: (budgetId: number) => void;
  onAddToBudget: () => void;
  picker: ReactNode;
}) {
  const calibration = answer.calibrations.find((c) => c.pageNumber === pageNumber);
  const layerIds = [...new Set([...budgets.map((b) => b.id), ...answer.items.map((i) => i.budgetId)])];
  const countOf = (budgetId: number) => answer.items.filter((i: LayerItem) => i.budgetId === budgetId).length;
  const rows = itemTotals(answer.items.filter((i) => !hidden.has(i.budgetId)));
  const totals = unitTotals(rows);
  const labelOf = (id: number) => {
    const b = budgets.find((x) => x.id === id);
    return b ? budgetLabel(b) : `Budget #${id}`;
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }} component="aside" aria-label="Sheet legend">
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="sheet-scale">
        <Straighten fontSize="small" aria-hidden />
        {scaleText(calibration, answer.pdfScaleFactor)}
      </Typography>
      {answer.canEdit && picker}
      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h2">
          Layers
        </Typography>
        {layerIds.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No budget to draw for yet.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Layers">
            {layerIds.map((id) => (
              <ListItem
                key={id}
                disableGutters
                secondaryAction={
                  <>
                    <Tooltip title={hidden.has(id) ? 'Show layer' : 'Hide layer'}>
                      <IconButton aria-label={`${hidden.has(id) ? 'Show' : 'Hide'} ${labelOf(id)}`} onClick={() => onToggle(id)}>
                        {hidden.has(id) ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {answer.canEdit && (
                      <Tooltip title="Clear this page's layer">
                        <span>
                          <IconButton aria-label={`Clear ${labelOf(id)} on this page`} onClick={() => onClear(id)} disabled={countOf(id) === 0}>
                            <DeleteSweep fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </>
                }
              >
                <ListItemText primary={labelOf(id)} secondary={`${countOf(id)} drawing${countOf(id) === 1 ? '' : 's'} on this page`} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          Planned and built
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          <Swatch color={DEFAULT_COLOR} />
          planned in the item&apos;s colour, <Swatch color={BUILT_COLOR} />
          built
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing is drawn on this page yet.
          </Typography>
        ) : (
          <Table size="small" aria-label="Planned and built" sx={{ '& td, & th': { px: 0.75 }, '& td:not(:first-of-type)': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell align="right">Planned</TableCell>
                <TableCell align="right">Built</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const pct = builtPercent(r.planned, r.built);
                return (
                  <TableRow key={`${r.budgetId}:${r.itemId}`}>
                    <TableCell>
                      <Swatch color={r.color ?? DEFAULT_COLOR} />
                      {r.itemName}
                    </TableCell>
                    <TableCell align="right">
                      {r.planned} {r.unit ?? ''}
                    </TableCell>
                    <TableCell align="right" sx={{ color: BUILT_COLOR }}>
                      {r.built} {r.unit ?? ''}
                      {pct !== null ? ` (${pct} %)` : ''}
                    </TableCell>
                  </TableRow>
                );
              })}
              {totals.map((t) => (
                <TableRow key={t.unit} sx={{ '& td': { fontWeight: 600 } }}>
                  <TableCell>Total {t.unit}</TableCell>
                  <TableCell align="right">{t.planned}</TableCell>
                  <TableCell align="right" sx={{ color: BUILT_COLOR }}>
                    {t.built}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      {answer.canEdit && (
        <Button variant="outlined" startIcon={<PlaylistAdd />} onClick={onAddToBudget} disabled={budgets.length === 0}>
          Add to budget
        </Button>
      )}
    </Stack>
  );
}
