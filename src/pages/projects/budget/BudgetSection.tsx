import { Typography } from '@mui/material';
import type { Project } from '../../../../resources/project';

/** The project page's budget section (being built: items, submission, reviews, change orders, figures). */
export function BudgetSection({ project }: { project: Project }) {
  return <Typography color="text.secondary">The budget of {project.projectName} is being built.</Typography>;
}
