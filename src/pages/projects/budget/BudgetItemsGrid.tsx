import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Alert, Box, Card, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useDataGrid } from '@refinedev/mui';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { BudgetItem } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { useElementWidth } from '../../../components/useElementWidth';
import { ItemDrawingsLink } from '../../editor/ItemDrawingsLink';
import { fitColumns } from './fit-columns';
import { actionsWidth, rowActions } from './grid-actions';

export interface ItemActions {
  onEdit?: (item: BudgetItem) => void;
  onDelete?: (item: BudgetItem) => void;
  onChangeOrder?: (item: BudgetItem) => void;
  onHistory?: (item: BudgetItem) => void;
}

const money = (value: string | null | undefined) => (value === null || value === undefined ? '' : formatMoney(value));
/** Columns shown as room allows, most useful first; the item, quantity, amount and actions always show. */
const OPTIONAL = ['price', 'changeOrderCount', 'drawings', 'itemCode', 'unit', 'categoryName', 'reportWeight'] as const;

function ItemCell({ item }: { item: BudgetItem }) {
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 0.5, display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
      <Typography variant="body2" noWrap title={item.itemName}>
        {item.itemName}
      </Typography>
      {item.description && (
        <Typography variant="caption" color="text.secondary" noWrap title={item.description}>
          {item.description}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The budget's items, paged and sorted on the server (items/company, or items/parent read-only for a
 * sub-project). The row actions offered are those the caller passes: edit and delete while the budget
 * is editable, change order once approved, history where there is one.
 */
export function BudgetItemsGrid({ resource, path, actions = {}, label }: { resource: string; path: string; actions?: ItemActions; label: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { dataGridProps, tableQuery } = useDataGrid<BudgetItem>({
    resource,
    meta: { path },
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: 'itemName', order: 'asc' }] },
    syncWithLocation: false,
  });
  const { onEdit, onDelete, onChangeOrder, onHistory } = actions;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  const columns = useMemo<GridColDef<BudgetItem>[]>(() => {
    const base: GridColDef<BudgetItem>[] = [
      { field: 'itemName', headerName: 'Item', flex: 1, minWidth: phone ? 100 : 160, renderCell: ({ row }) => <ItemCell item={row} /> },
      { field: 'itemCode', headerName: 'Code', width: 90 },
      { field: 'unit', headerName: 'Unit', width: 70 },
      { field: 'categoryName', headerName: 'Category', width: 120 },
      { field: 'quantity', headerName: 'Quantity', type: 'number', width: phone ? 80 : 100 },
      { field: 'price', headerName: 'Unit price', width: 115, align: 'right', headerAlign: 'right', valueFormatter: money },
      { field: 'amount', headerName: 'Amount', width: phone ? 115 : 150, align: 'right', headerAlign: 'right', valueFormatter: money },
      { field: 'reportWeight', headerName: 'Report weight', type: 'boolean', width: 115 },
      {
        field: 'changeOrderCount',
        headerName: 'Change orders',
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (value: number, row) => (row.pendingChangeOrders ? `${value} (${row.pendingChangeOrders} open)` : String(value)),
      },
      { field: 'drawings', headerName: 'Plan', width: 150, sortable: false, renderCell: ({ row }) => <ItemDrawingsLink item={row} returnTo={here} /> },
    ];
    if (!onEdit && !onDelete && !onChangeOrder && !onHistory) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        // On a phone the column is one menu button wide: the heading would only show "Ac…".
        ...(phone ? { renderHeader: () => null } : {}),
        width: actionsWidth(phone),
        getActions: ({ row }) =>
          rowActions(phone, [
            ...(onEdit ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.itemName}`} onClick={() => onEdit(row)} />] : []),
            ...(onChangeOrder ? [<GridActionsCellItem key="co" icon={<PostAddIcon />} label={`Change order for ${row.itemName}`} onClick={() => onChangeOrder(row)} />] : []),
            ...(onHistory && row.changeOrderCount > 0
              ? [<GridActionsCellItem key="history" icon={<HistoryIcon />} label={`History of ${row.itemName}`} onClick={() => onHistory(row)} showInMenu={!!onEdit} />]
              : []),
            ...(onDelete ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={`Delete ${row.itemName}`} onClick={() => onDelete(row)} showInMenu />] : []),
          ]),
      },
    ];
  }, [onEdit, onDelete, onChangeOrder, onHistory, phone, here]);
  // By the room the grid has (the navigation drawer takes some at 1366 px), not the window's width.
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const visible = useMemo(() => fitColumns(columns, OPTIONAL, width), [columns, width]);

  return (
    <Box>
      {tableQuery.isError && <Alert severity="error" sx={{ mb: 2 }}>The budget items could not be loaded. {tableQuery.error?.message}</Alert>}
      <Card variant="outlined" ref={measure}>
        <DataGrid
          {...dataGridProps}
          columns={columns}
          autoHeight
          disableRowSelectionOnClick
          disableColumnFilter
          pageSizeOptions={[25, 50, 100]}
          columnVisibilityModel={visible}
          // Touch screens show every heading's menu button, which squeezes the headings; a tap on one still sorts.
          disableColumnMenu={phone}
          aria-label={label}
          slots={{ noRowsOverlay: () => <Empty /> }}
          sx={{ border: 0, minHeight: 240 }}
        />
      </Card>
    </Box>
  );
}

function Empty() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4 }}>
      <Typography color="text.secondary">No items in this budget yet.</Typography>
    </Box>
  );
}
