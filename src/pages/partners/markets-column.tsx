import { Chip, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Market } from '../../../resources/partnership';

/** The grid's markets column: chips, not sortable or filterable (a list, not a value). */
export const marketsColumn: GridColDef = {
  field: 'markets',
  headerName: 'Markets',
  flex: 1,
  minWidth: 160,
  sortable: false,
  filterable: false,
  renderCell: ({ value }) => (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ height: '100%', overflow: 'hidden' }}>
      {((value as Market[] | undefined) ?? []).map((m) => (
        <Chip key={m.id} size="small" label={m.name} />
      ))}
    </Stack>
  ),
};
