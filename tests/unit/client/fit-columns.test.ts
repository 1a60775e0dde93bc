import type { GridColDef } from '@mui/x-data-grid';
import { fitColumns } from '../../../src/pages/projects/budget/fit-columns';

const columns: GridColDef[] = [
  { field: 'itemName', flex: 1, minWidth: 160 },
  { field: 'price', width: 115 },
  { field: 'amount', width: 150 },
  { field: 'code', width: 90 },
  { field: 'actions', width: 110 },
];

describe('choosing the budget grid columns by the room it has', () => {
  it('keeps the item, amount and actions always, and adds the optional ones in order while they fit', () => {
    // 160 + 150 + 110 + 4 of frame = 424 kept; + price 115 = 539; + code 90 = 629.
    expect(fitColumns(columns, ['price', 'code'], 629)).toEqual({ itemName: true, price: true, amount: true, code: true, actions: true });
    expect(fitColumns(columns, ['price', 'code'], 628)).toEqual({ itemName: true, price: true, amount: true, code: false, actions: true });
    // A later, narrower column still takes room a wider one could not: 424 + 90 = 514.
    expect(fitColumns(columns, ['price', 'code'], 520)).toEqual({ itemName: true, price: false, amount: true, code: true, actions: true });
    expect(fitColumns(columns, ['price', 'code'], 513)).toEqual({ itemName: true, price: false, amount: true, code: false, actions: true });
    // Too narrow for even the kept ones: they still show (the grid scrolls rather than hiding the actions).
    expect(fitColumns(columns, ['price', 'code'], 300)).toEqual({ itemName: true, price: false, amount: true, code: false, actions: true });
  });

  it('shows every column where the width cannot be measured', () => {
    expect(fitColumns(columns, ['price', 'code'], undefined)).toEqual({});
  });
});
