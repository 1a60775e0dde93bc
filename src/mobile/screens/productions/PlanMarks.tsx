import Straighten from '@mui/icons-material/Straighten';
import { Button, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { Production, ProductionPlanMark } from '../../../../resources/production';
import { planEvidencePath, productionMarkingPath } from '../../../pages/editor/editor-link';

/**
 * What the crew marked as built on the project's plans, and on a draft the way to mark more: the
 * plan editor is the desktop's (it opens on a phone), and its Close comes back here.
 */
export function PlanMarks({ production }: { production: Production }) {
  const { planMarks, planSheets, canEdit } = production;
  if (planMarks.length === 0 && planSheets.length === 0) return null;
  const back = `/productions/${production.id}`;
  const editor = (path: string) => `/app${path}`;
  const unitOf = (m: ProductionPlanMark) => production.items.find((i) => i.id === m.productionItemId)?.unit ?? '';
  const linkOf = (m: ProductionPlanMark) => editor(canEdit ? productionMarkingPath(m, production.id, back) : planEvidencePath(m, back));
  return (
    <Stack component="section" aria-label="Marked on the plan" spacing={1}>
      <Typography variant="h2" component="h2">
        Marked on the plan
      </Typography>
      {planMarks.length > 0 && (
        <List aria-label="Marks on the plan" disablePadding>
          {planMarks.map((m) => (
            <ListItem key={m.id} divider disableGutters>
              <ListItemText
                primary={`${m.itemName}: ${m.quantity} ${unitOf(m)}`}
                secondary={
                  <Link href={linkOf(m)} sx={{ display: 'inline-block', minHeight: 48, lineHeight: '48px' }}>
                    {m.fileName}, page {m.pageNumber}
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {canEdit &&
        planSheets.map((sheet) => (
          <Button key={`${sheet.fileId}:${sheet.pageNumber}`} variant="outlined" startIcon={<Straighten />} href={editor(productionMarkingPath(sheet, production.id, back))}>
            {planSheets.length === 1 ? 'Mark on the plan' : `Mark on ${sheet.fileName}, page ${sheet.pageNumber}`}
          </Button>
        ))}
    </Stack>
  );
}
