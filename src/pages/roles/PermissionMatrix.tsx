import { Box, Checkbox, FormControlLabel, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ANY, type RolePermission } from '../../../permissions';
import {
  MATRIX_ACTIONS,
  MATRIX_ROWS,
  actionLabel,
  cellState,
  holdsEverything,
  rowLabel,
  specificEntries,
  toggleCell,
} from './permission-matrix';

interface Props {
  value: RolePermission[];
  onChange: (next: RolePermission[]) => void;
  readOnly?: boolean;
}

/** Resource type × action, with `_any` for every action and a switch for everything at once. */
export function PermissionMatrix({ value, onChange, readOnly }: Props) {
  const everything = holdsEverything(value);
  const specific = specificEntries(value).length;
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={everything} disabled={readOnly} onChange={() => onChange(toggleCell(value, ANY, ANY))} />}
        label="Everything: every action on every resource type"
      />
      <Table size="small" aria-label="Permissions" sx={{ mt: 1, '& td, & th': { px: { xs: 0.5, sm: 1 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Resource</TableCell>
            {MATRIX_ACTIONS.map((action) => (
              <TableCell key={action} align="center" sx={{ width: { xs: 64, sm: 96 } }}>
                {actionLabel(action)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {MATRIX_ROWS.map((row) => (
            <TableRow key={row} hover sx={row === ANY ? { bgcolor: 'action.hover' } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: row === ANY ? 600 : undefined, overflowWrap: 'anywhere' }}>
                {rowLabel(row)}
              </TableCell>
              {MATRIX_ACTIONS.map((action) => {
                const state = cellState(value, row, action);
                return (
                  <TableCell key={action} align="center" padding="checkbox">
                    <Checkbox
                      checked={state !== 'off'}
                      disabled={readOnly || state === 'implied'}
                      title={state === 'implied' ? 'Included in a broader permission' : undefined}
                      onChange={() => onChange(toggleCell(value, row, action))}
                      slotProps={{ input: { 'aria-label': `${rowLabel(row)}: ${actionLabel(action)}` } }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Manage includes view; any action includes both. Greyed ticks come from a broader permission.
        {specific > 0 && ` This role also holds ${specific} permission${specific === 1 ? '' : 's'} on particular records, kept as they are.`}
      </Typography>
    </Box>
  );
}
