import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Project } from '../../../../resources/project';
import { productionReportBody, productionReportFilename } from '../../../../resources/project-report';
import { text } from '../../../../resources/text';
import { ReportDownloadActions, ReportDownloadStatus, useReportDownload } from '../../../components/ReportDownload';
import { FormTextField } from '../../../forms/FormTextField';

/** Both days are asked for here (the API would default them); the contract checks them and their order. */
const asked = z.object({ from: text().min(1, 'Choose the first day'), to: text().min(1, 'Choose the last day') }).superRefine((values, ctx) => {
  const checked = productionReportBody.safeParse(values);
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

interface Values {
  from: string;
  to: string;
}

/** Today in the project's time zone. */
function today(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** From the project's start date (the first of the month when it has none or has not started) to today. */
export function defaultRange(project: Pick<Project, 'startDate' | 'timezone'>): Values {
  const to = today(project.timezone);
  const from = project.startDate && project.startDate <= to ? project.startDate : `${to.slice(0, 8)}01`;
  return { from, to };
}

/** Asks the days of the production report and downloads it (POST /projects/{id}/report/production), as useReportDownload tells. */
export function ProductionReportDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const report = useReportDownload(onClose);
  const { downloading, close } = report;
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(asked, undefined, { raw: true }) as never,
    defaultValues: defaultRange(project),
  });

  const submit = handleSubmit(({ from, to }) =>
    report.download(`/projects/${project.id}/report/production`, { from, to, type: 'xlsx' }, productionReportFilename(project.code, from, to)),
  );

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="production-report-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="production-report-title">Production report</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              A spreadsheet of the budget items with what was produced of each between these days, both included, in the project's time zone.
            </DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
              <FormTextField control={control} name="from" label="From" type="date" required disabled={downloading} slotProps={{ inputLabel: { shrink: true } }} />
              <FormTextField control={control} name="to" label="To" type="date" required disabled={downloading} slotProps={{ inputLabel: { shrink: true } }} />
            </Stack>
            <ReportDownloadStatus state={report} />
          </Stack>
        </DialogContent>
        <ReportDownloadActions state={report} />
      </form>
    </Dialog>
  );
}
