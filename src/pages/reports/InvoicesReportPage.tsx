import { MenuItem, Stack, TextField } from '@mui/material';
import { INVOICE_REPORT_DATES, INVOICE_REPORT_GROUPINGS, invoicesReportQuery, REPORT_TITLES } from '../../../resources/report';
import { PartnerPicker, usePartners, type PartnerOption } from '../projects/project-pickers';
import { RangeFilter } from './RangeFilter';
import { ReportPage, useReportDocument } from './ReportPage';
import { useReportAddress } from './useReportAddress';

const FROM_PREFIX = `${REPORT_TITLES.invoices} from `;

/**
 * reports/invoices?from=&to=&groupBy=&dates=&subcontractorId=: billed, paid, outstanding and retainage
 * held per client or project, and the ageing of what is outstanding; with a subcontractor, what it billed
 * the company. Left out, the range is this year so far (the server says which days it used).
 */
export function InvoicesReportPage() {
  const address = useReportAddress(invoicesReportQuery);
  const { values, change } = address;
  const loaded = useReportDocument('invoices', address.search, !!address.query);
  const doc = loaded.data;
  const subcontractorId = values.subcontractorId ? Number(values.subcontractorId) : null;
  // A shared link carries only the id: the name comes from the partners list, or from the report's title.
  const { options } = usePartners('subcontractor', '');
  const subcontractor: PartnerOption | null =
    subcontractorId === null
      ? null
      : (options.find((o) => o.id === subcontractorId) ?? { id: subcontractorId, name: doc?.title.startsWith(FROM_PREFIX) ? doc.title.slice(FROM_PREFIX.length) : '…', markets: [] });
  return (
    <ReportPage
      name="invoices"
      search={address.search}
      loaded={loaded}
      problem={address.problem}
      filters={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <RangeFilter from={values.from ?? doc?.range?.from} to={values.to ?? doc?.range?.to} timeZone={doc?.timeZone} onChange={change} />
          <TextField select size="small" label="Dates" value={values.dates ?? 'created'} onChange={(e) => change({ dates: e.target.value === 'created' ? null : e.target.value })} sx={{ minWidth: 130 }}>
            {INVOICE_REPORT_DATES.map((d) => (
              <MenuItem key={d.value} value={d.value}>
                {d.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Group by" value={values.groupBy ?? 'project'} onChange={(e) => change({ groupBy: e.target.value === 'project' ? null : e.target.value })} sx={{ minWidth: 130 }}>
            {INVOICE_REPORT_GROUPINGS.map((g) => (
              <MenuItem key={g.value} value={g.value}>
                {g.label}
              </MenuItem>
            ))}
          </TextField>
          <Stack sx={{ minWidth: 260, flex: { md: '0 1 320px' } }}>
            <PartnerPicker
              type="subcontractor"
              label="Received from subcontractor"
              size="small"
              value={subcontractor}
              onChange={(p) => change({ subcontractorId: p?.id ?? null })}
            />
          </Stack>
        </Stack>
      }
    />
  );
}
