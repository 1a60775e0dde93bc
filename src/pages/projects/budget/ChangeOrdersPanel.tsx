import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Card, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useMemo, useState } from 'react';
import { CHANGE_ORDER_TRANSITIONS, type ChangeOrder } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { ReasonDialog } from '../../budget-review/ReasonDialog';
import { acceptChangeOrder, BUDGET_RESOURCES, deleteChangeOrder, sendBackChangeOrder, type BudgetPaths } from './budget-api';
import { ChangeOrderStatusChip } from './budget-status';
import { actionsWidth, rowActions } from './grid-actions';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { ConfirmActionDialog } from './ConfirmActionDialog';
import { SendChangeOrderDialog } from './SendChangeOrderDialog';

type Open = { kind: 'edit' | 'send' | 'delete' | 'accept' | 'sendBack'; changeOrder: ChangeOrder } | null;

const may = (event: keyof typeof CHANGE_ORDER_TRANSITIONS, co: ChangeOrder) => CHANGE_ORDER_TRANSITIONS[event].from.includes(co.status);
const money = (value: string | null | undefined) => (value ? formatMoney(value) : '');
/** On a phone: the item (with its number), status, amount and the row's actions. */
const PHONE_HIDDEN = { number: false, quantity: false, price: false, description: false, message: false };
/** A long description or message cut to the column shows whole on hover. */
const fullText = ({ value }: { value?: string | null }) => (value ? <span title={value}>{value}</span> : null);

/**
 * The budget's change orders, paged on the server: number, item, status (Sent back for a rejected
 * one), quantity, unit price, amount, description and the send-back message. The company that runs
 * the project edits, sends and deletes drafts and sent-back ones; the deciding company (canDecide)
 * accepts or sends back sent ones, the latter with a message.
 */
export function ChangeOrdersPanel({ paths, canManage, subProject, onChanged }: { paths: BudgetPaths; canManage: boolean; subProject: boolean; onChanged: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const [open, setOpen] = useState<Open>(null);
  const { dataGridProps, tableQuery } = useDataGrid<ChangeOrder>({
    resource: BUDGET_RESOURCES.changeOrders,
    meta: { path: paths.changeOrders },
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: 'number', order: 'desc' }] },
    syncWithLocation: false,
  });

  const columns = useMemo<GridColDef<ChangeOrder>[]>(
    () => [
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
      { field: 'message', headerName: 'Message', flex: 1, minWidth: 130, sortable: false, renderCell: fullText },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: actionsWidth(phone),
        getActions: ({ row }) => {
          const act = (kind: NonNullable<Open>['kind']) => () => setOpen({ kind, changeOrder: row });
          const label = `change order #${row.number}`;
          return rowActions(phone, [
            ...(canManage && may('send', row) ? [<GridActionsCellItem key="send" icon={<SendIcon />} label={`Send ${label}`} onClick={act('send')} />] : []),
            ...(row.canDecide && may('accept', row)
              ? [
                  <GridActionsCellItem key="accept" icon={<CheckCircleOutline />} label={`Accept ${label}`} onClick={act('accept')} />,
                  <GridActionsCellItem key="back" icon={<ReplyIcon />} label={`Send back ${label}`} onClick={act('sendBack')} />,
                ]
              : []),
            ...(canManage && may('edit', row) ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${label}`} onClick={act('edit')} showInMenu />] : []),
            ...(canManage && may('delete', row) ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={`Delete ${label}`} onClick={act('delete')} showInMenu />] : []),
          ]);
        },
      },
    ],
    [canManage, phone],
  );

  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) onChanged();
  };

  return (
    <Box>
      {tableQuery.isError && <Alert severity="error" sx={{ mb: 2 }}>The change orders could not be loaded. {tableQuery.error?.message}</Alert>}
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
      {open?.kind === 'edit' && <ChangeOrderDialog paths={paths} changeOrder={open.changeOrder} subProject={subProject} onClose={close} />}
      {open?.kind === 'send' && <SendChangeOrderDialog paths={paths} changeOrder={open.changeOrder} onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          wording={{ title: 'Delete change order?', text: `Change order #${open.changeOrder.number} for ${open.changeOrder.itemName} will be deleted.`, confirm: 'Delete' }}
          onConfirm={() => deleteChangeOrder(paths, open.changeOrder.id).then(() => notify?.({ type: 'success', message: `Change order #${open.changeOrder.number} deleted` }))}
          onClose={close}
        />
      )}
      {open?.kind === 'accept' && (
        <ConfirmActionDialog
          title={`Accept change order #${open.changeOrder.number}?`}
          confirmLabel="Accept"
          color="success"
          onConfirm={() => acceptChangeOrder(paths, open.changeOrder.id).then(() => notify?.({ type: 'success', message: `Change order #${open.changeOrder.number} accepted` }))}
          onClose={close}
        >
          {open.changeOrder.itemName} becomes {open.changeOrder.quantity} × {formatMoney(open.changeOrder.price)} = {formatMoney(open.changeOrder.amount)}
          {open.changeOrder.previousQuantity !== null && open.changeOrder.previousPrice !== null
            ? ` (now ${open.changeOrder.previousQuantity} × ${formatMoney(open.changeOrder.previousPrice)})`
            : ''}
          .
        </ConfirmActionDialog>
      )}
      {open?.kind === 'sendBack' && (
        <ReasonDialog
          title={`Send back change order #${open.changeOrder.number}`}
          intro={`${open.changeOrder.itemName}: ${open.changeOrder.quantity} × ${formatMoney(open.changeOrder.price)}. Say what should change; the message goes back with it.`}
          label="Message"
          requiredMessage="Say why it is sent back"
          confirmLabel="Send back"
          onConfirm={async (message) => {
            await sendBackChangeOrder(paths, open.changeOrder.id, message);
            notify?.({ type: 'success', message: `Change order #${open.changeOrder.number} sent back` });
            close(true);
          }}
          onClose={() => close(false)}
        />
      )}
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
