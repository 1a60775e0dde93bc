import { Dialog, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { INVOICE_REPORT_DATE_FIELDS, INVOICE_REPORT_GROUPS, invoiceReportBody } from '../../../resources/invoice';
import { ReportDownloadActions, ReportDownloadStatus, useReportDownload } from '../../components/ReportDownload';
import { PartnerPicker, type PartnerOption } from '../projects/project-pickers';
import { localToday } from './invoice-money';

/** The first day of this month to today. */
const defaultRange = () => {
  const to = localToday();
  return { from: `${to.slice(0, 8)}01`, to };
};

/**
 * The invoice report (POST /invoices/{companyId}/report): a range of one of the invoices' dates, the
 * invoices sent or, with a subcontractor, those received from it, grouped; downloaded as xlsx with
 * progress. A failure shows the server's message and Download can be pressed again.
 */
export function InvoiceReportDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [range, setRange] = useState(defaultRange);
  const [subcontractor, setSubcontractor] = useState<PartnerOption | null>(null);
  const [groupBy, setGroupBy] = useState<string>('project');
  const [groupByField, setGroupByField] = useState<string>('createdAt');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = useReportDownload(onClose);
  const { downloading, close } = report;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { range, sourceSubcontractor: subcontractor?.id ?? null, groupBy, groupByField };
    const checked = invoiceReportBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.at(-1) === 'from' || i.path.at(-1) === 'to' ? String(i.path.at(-1)) : String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    await report.download(`/invoices/${companyId}/report`, body, `Invoice_Report_${range.from}_${range.to}.xlsx`);
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="invoice-report-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invoice-report-title">Invoice report</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              A spreadsheet of the invoices your company sent whose chosen date falls in the range, both days included; choose a subcontractor for the invoices received from it instead.
            </DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="From"
                type="date"
                value={range.from}
                onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
                error={!!errors.from || !!errors.range}
                helperText={errors.from ?? errors.range}
                required
                fullWidth
                disabled={downloading}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="To"
                type="date"
                value={range.to}
                onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
                error={!!errors.to}
                helperText={errors.to}
                required
                fullWidth
                disabled={downloading}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <TextField select label="Date" value={groupByField} onChange={(e) => setGroupByField(e.target.value)} disabled={downloading} fullWidth>
              {INVOICE_REPORT_DATE_FIELDS.map((f) => (
                <MenuItem key={f.value} value={f.value}>
                  {f.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Group by" value={groupBy} onChange={(e) => setGroupBy(e.target.value)} disabled={downloading} fullWidth>
              {INVOICE_REPORT_GROUPS.map((g) => (
                <MenuItem key={g.value} value={g.value}>
                  {g.label}
                </MenuItem>
              ))}
            </TextField>
            <PartnerPicker
              type="subcontractor"
              label="Received from subcontractor (optional)"
              value={subcontractor}
              onChange={setSubcontractor}
              disabled={downloading}
              error={errors.sourceSubcontractor}
            />
            <ReportDownloadStatus state={report} />
          </Stack>
        </DialogContent>
        <ReportDownloadActions state={report} />
      </form>
    </Dialog>
  );
}
