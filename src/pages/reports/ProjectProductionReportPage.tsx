import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { projectProductionReportQuery } from '../../../resources/report';
import { ProjectPicker } from '../productions/production-pickers';
import { RangeFilter } from './RangeFilter';
import { ReportPage, useReportDocument } from './ReportPage';
import { useReportAddress } from './useReportAddress';

/** reports/project-production?projectId=&from=&to=: a project's approved production per item, crew and day against its plan. */
export function ProjectProductionReportPage() {
  const address = useReportAddress(projectProductionReportQuery);
  const { values, change } = address;
  const ready = !!address.query;
  const loaded = useReportDocument('project-production', address.search, ready);
  const projectId = values.projectId ? Number(values.projectId) : null;
  return (
    <ReportPage
      name="project-production"
      search={address.search}
      loaded={loaded}
      prompt={values.projectId ? null : 'Choose a project to see its production.'}
      problem={values.projectId ? address.problem : null}
      actions={
        projectId ? (
          <Button component={RouterLink} to={`/projects/${projectId}`} sx={{ whiteSpace: 'nowrap' }}>
            Open project
          </Button>
        ) : null
      }
      filters={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <Stack sx={{ minWidth: 280, flex: { md: '0 1 360px' } }}>
            <ProjectPicker value={projectId} onChange={(p) => change({ projectId: p?.id ?? null })} size="small" />
          </Stack>
          <RangeFilter from={values.from ?? loaded.data?.range?.from} to={values.to ?? loaded.data?.range?.to} timeZone={loaded.data?.timeZone} onChange={change} />
        </Stack>
      }
    />
  );
}
