import { Chip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { IMPORT_HEADINGS, IMPORT_STATUS_LABELS, type ImportColumn, type ImportRow, type ImportRowStatus } from '../../../resources/imports';
import { formatMoney } from '../../../resources/money';

const CHIP_COLOR: Record<ImportRowStatus, 'success' | 'info' | 'error'> = { matched: 'success', new: 'info', refused: 'error' };

export function StatusChip({ status }: { status: ImportRowStatus }) {
  return <Chip size="small" variant="outlined" color={CHIP_COLOR[status]} label={IMPORT_STATUS_LABELS[status]} />;
}

/**
 * The preview's rows: the sheet's row number, its status, the cells as read, the catalog item it
 * matched and why a row is refused. A DataGrid, since a sheet may have thousands of rows (it draws
 * only those in view).
 */
export function ImportPreviewGrid({ rows, columns }: { rows: ImportRow[]; columns: ImportColumn[] }) {
  const theme = useTheme();
  // A phone shows what decides the import: the row, its status, what it names and why it is refused.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const hidden = useMemo(
    () => (phone ? Object.fromEntries(['quantity', 'price', 'description', 'unit', 'category', 'itemName'].map((f) => [f, false])) : {}),
    [phone],
  );
  const cols = useMemo<GridColDef<ImportRow>[]>(() => {
    const reason: GridColDef<ImportRow> = {
      field: 'reason',
      headerName: 'Reason',
      flex: 1.5,
      minWidth: phone ? 170 : 200,
      renderCell: ({ row }) => (
        <Typography variant="body2" color={row.status === 'refused' ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'normal', py: 0.5 }}>
          {row.reason}
        </Typography>
      ),
    };
    const cells = columns.map(
      (c): GridColDef<ImportRow> => ({
        field: c,
        headerName: IMPORT_HEADINGS[c],
        ...(c === 'name' || c === 'description' ? { flex: 1, minWidth: 140 } : { width: c === 'quantity' || c === 'price' ? 100 : 110 }),
        ...(c === 'quantity' || c === 'price' ? { align: 'right' as const, headerAlign: 'right' as const } : {}),
        ...(c === 'price' ? { valueFormatter: (v: string | null) => (v === null || v === undefined ? '' : formatMoney(v)) } : {}),
      }),
    );
    const lead: GridColDef<ImportRow>[] = [
      { field: 'row', headerName: 'Row', type: 'number', width: phone ? 56 : 70 },
      { field: 'status', headerName: 'Status', width: phone ? 100 : 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ];
    // On a phone the reason comes right after the status, in view without scrolling sideways.
    if (phone) return [...lead, reason, ...cells, { field: 'itemName', headerName: 'Catalog item', flex: 1, minWidth: 140 }];
    return [...lead, ...cells, { field: 'itemName', headerName: 'Catalog item', flex: 1, minWidth: 140 }, reason];
  }, [columns, phone]);
  return (
    <DataGrid
      rows={rows}
      columns={cols}
      getRowId={(r) => r.row}
      columnVisibilityModel={hidden}
      getRowHeight={() => 'auto'}
      density="compact"
      disableRowSelectionOnClick
      initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
      pageSizeOptions={[50, 100]}
      aria-label="Import preview"
      sx={{ height: 420 }}
    />
  );
}
