import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import ContactMailOutlined from '@mui/icons-material/ContactMailOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Card, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useMemo, useState, type ReactElement } from 'react';
import type { ChangeOrder, ChangeOrderMove } from '../../../../resources/budget';
import { decisionText } from '../../../../resources/client-decision';
import { formatMoney } from '../../../../resources/money';
import { downloadFile, saveBlob } from '../../../api/download';
import { BUDGET_RESOURCES, changeOrderPdfPath, type BudgetPaths } from './budget-api';
import { ChangeOrderStatusChip } from './budget-status';
import { ChangeOrderMoveDialogs, type OpenMove } from './ChangeOrderMoveDialogs';
import { ChangeOrderTurns } from './ChangeOrderTurns';
import { actionsWidth, rowActions } from './grid-actions';

const money = (value: string | null | undefined) => (value ? formatMoney(value) : '');
/** On a phone: the item (with its number), status, amount and the row's actions. */
const PHONE_HIDDEN = { number: false, quantity: false, price: false, description: false, decision: false };
/** A long description or message cut to the column shows whole on hover. */
const fullText = ({ value }: { value?: string | null }) => (value ? <span title={value}>{value}</span> : null);

/** Who decided, how and when, with the message it was sent back with. */
function lastDecision(co: ChangeOrder): string | null {
  const last = co.decisions[0];
  if (!last) return co.message;
  const reason = last.reason ?? (co.status === 'rejected' ? co.message : null);
  return `${decisionText(last)}${reason ? `: “${reason}”` : ''}`;
}

/** A row's moves as grid actions, worded from the viewer's side; the first ones are icons on a wide screen, the rest in its menu. */
const ROW_MOVES: Array<{ move: ChangeOrderMove; label: string; icon: ReactElement; inMenu?: boolean }> = [
  { move: 'send', label: 'Send', icon: <SendIcon /> },
  { move: 'accept', label: 'Accept', icon: <CheckCircleOutline /> },
  { move: 'sendBack', label: 'Send back', icon: <ReplyIcon /> },
  { move: 'resend', label: 'Send again', icon: <ForwardToInbox /> },
  { move: 'recordDecision', label: 'Record the client’s decision on', icon: <GavelOutlined />, inMenu: true },
  { move: 'changeContact', label: 'Change the client contact of', icon: <ContactMailOutlined />, inMenu: true },
  { move: 'edit', label: 'Edit', icon: <EditOutlined />, inMenu: true },
  { move: 'delete', label: 'Delete', icon: <DeleteOutline />, inMenu: true },
];

/**
 * The budget's change orders, paged on the server: number, item, status (Sent back for a rejected
 * one), quantity, unit price, amount, description and the last decision (who, how, when, with the
 * send-back message). Above them, whose move each waiting one is, with the viewer's moves beside it;
 * each row offers the same moves and its PDF. The issuer edits, sends, mails again, changes the client contact
 * and records a decision received outside the product; the deciding company accepts or sends back.
 */
export function ChangeOrdersPanel({ paths, subProject, onChanged, timeZone }: { paths: BudgetPaths; canManage: boolean; subProject: boolean; onChanged: () => void; timeZone?: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [open, setOpen] = useState<OpenMove>(null);
  const { dataGridProps, tableQuery } = useDataGrid<ChangeOrder>({
    resource: BUDGET_RESOURCES.changeOrders,
    meta: { path: paths.changeOrders },
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: 'number', order: 'desc' }] },
    syncWithLocation: false,
  });

  const columns = useMemo<GridColDef<ChangeOrder>[]>(() => {
    const pdf = (co: ChangeOrder) => () =>
      downloadFile(changeOrderPdfPath(paths, co.id))
        .then(({ blob, filename }) => saveBlob(blob, filename ?? `ChangeOrder_${co.number}.pdf`))
        .catch((err: Error) => notify?.({ type: 'error', message: `The PDF could not be downloaded: ${err.message}` }));
    return [
      { field: 'number', headerName: '#', type: 'number', width: 60, align: 'left', headerAlign: 'left' },
      {
        field: 'itemName',
        headerName: 'Item',
        flex: 1,
        minWidth: phone ? 100 : 130,
        // The number has no column of its own on a phone.
        valueFormatter: (value: string, row) => (phone ? `#${row.number} ${value}` : value),
      },
      { field: 'status', headerName: 'Status', width: phone ? 100 : 110, renderCell: ({ row }) => <ChangeOrderStatusChip status={row.status} /> },
      { field: 'quantity', headerName: 'Quantity', type: 'number', width: 90, sortable: false },
      { field: 'price', headerName: 'Unit price', width: 110, align: 'right', headerAlign: 'right', sortable: false, valueFormatter: money },
      { field: 'amount', headerName: 'Amount', width: phone ? 100 : 120, align: 'right', headerAlign: 'right', sortable: false, valueFormatter: money },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 130, sortable: false, renderCell: fullText },
      {
        // The last decision and its message in one column, so the row's actions stay in view at 1366 px.
        field: 'decision',
        headerName: 'Decision',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => lastDecision(row),
        renderCell: fullText,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: actionsWidth(phone),
        getActions: ({ row }) => {
          const name = `change order #${row.number}`;
          const moves = ROW_MOVES.filter((m) => row.moves.includes(m.move)).map((m) => (
            <GridActionsCellItem key={m.move} icon={m.icon} label={`${m.label} ${name}`} onClick={() => setOpen({ move: m.move, changeOrder: row })} showInMenu={m.inMenu} />
          ));
          return rowActions(phone, [...moves, <GridActionsCellItem key="pdf" icon={<PictureAsPdfOutlined />} label={`Download the PDF of ${name}`} onClick={pdf(row)} showInMenu />]);
        },
      },
    ];
  }, [phone, paths, notify]);

  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) onChanged();
  };

  return (
    <Box>
      {tableQuery.isError && <Alert severity="error" sx={{ mb: 2 }}>The change orders could not be loaded. {tableQuery.error?.message}</Alert>}
      <ChangeOrderTurns rows={dataGridProps.rows ?? []} onMove={(move, changeOrder) => setOpen({ move, changeOrder })} timeZone={timeZone} />
      <Card variant="outlined">
        <DataGrid
          {...dataGridProps}
          columns={columns}
          autoHeight
          disableRowSelectionOnClick
          disableColumnFilter
          pageSizeOptions={[25, 50, 100]}
          columnVisibilityModel={phone ? PHONE_HIDDEN : undefined}
          aria-label="Change orders"
          slots={{ noRowsOverlay: NoChangeOrders }}
          sx={{ border: 0, minHeight: 240 }}
        />
      </Card>
      <ChangeOrderMoveDialogs open={open} paths={paths} subProject={subProject} onClose={close} />
    </Box>
  );
}

function NoChangeOrders() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">No change orders. Once the budget is approved, an item's change order is made from its row.</Typography>
    </Box>
  );
}
