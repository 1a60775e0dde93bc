import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invoices, type InvoiceStatus } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { canOpenReports } from '../../../permissions';
import { ResourceListPage, type ListScope, type ResourceFormComponent } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { useSession } from '../../session/useSession';
import { InvoiceReportDialog } from './InvoiceReportDialog';
import { InvoiceStatusBar, DEFAULT_SCOPE } from './InvoiceStatusBar';
import { InvoiceStatusChip } from './invoice-status';
import { NewInvoiceDialog } from './NewInvoiceDialog';

const money: GridColDef['renderCell'] = ({ value }) => (value === null || value === undefined ? '' : formatMoney(String(value)));
const CELLS: Record<string, GridColDef['renderCell']> = {
  status: ({ value }) => (value ? <InvoiceStatusChip status={value as InvoiceStatus} /> : null),
  subtotal: money,
  balance: money,
};

const SCOPE: ListScope = { initial: DEFAULT_SCOPE, fields: ['status'], bar: (value, onChange) => <InvoiceStatusBar value={value} onChange={onChange} /> };
const NewInvoiceForm: ResourceFormComponent = ({ onClose }) => <NewInvoiceDialog onClose={() => onClose()} />;

function EmptyInvoices() {
  const navigate = useNavigate();
  const { canManage } = useResource(invoices);
  return (
    <Stack spacing={1.5} alignItems="center">
      <Typography color="text.secondary">No invoices with these statuses.</Typography>
      <Typography color="text.secondary" variant="body2">
        Invoices bill approved production; paid and cancelled ones show when their statuses are chosen above.
      </Typography>
      {canManage && (
        <Button variant="outlined" onClick={() => navigate('/invoices/create')}>
          Bill a project
        </Button>
      )}
    </Stack>
  );
}

/** The report button: for those the Reports group is open to, as the server asks (reports-open). */
function ReportButton() {
  const { activeMembership, profile } = useSession();
  const [open, setOpen] = useState(false);
  const companyId = activeMembership?.companyId;
  if (!companyId || !canOpenReports(profile)) return null;
  return (
    <>
      <Button startIcon={<AssessmentOutlined />} onClick={() => setOpen(true)}>
        Report
      </Button>
      {open && <InvoiceReportDialog companyId={companyId} onClose={() => setOpen(false)} />}
    </>
  );
}

/** invoices: the grid with a status bar (open invoices by default, newest first); invoices/create asks for the project to bill. */
export function InvoiceList({ dialog }: { dialog?: 'create' }) {
  return (
    <ResourceListPage
      def={invoices}
      dialog={dialog}
      form={NewInvoiceForm}
      rowActions={false}
      cells={CELLS}
      scope={SCOPE}
      actions={<ReportButton />}
      empty={<EmptyInvoices />}
    />
  );
}
