import Straighten from '@mui/icons-material/Straighten';
import { Button, Card, CardHeader, Link, List, ListItem, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Production, ProductionPlanMark } from '../../../../resources/production';
import { planEvidencePath, productionMarkingPath } from '../../editor/editor-link';

/** The way into the editor to mark built work: straight to the one page with drawings, or a choice of pages. */
function MarkOnPlanButton({ production, here }: { production: Production; here: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sheets = production.planSheets;
  const pathOf = (s: { fileId: number; pageNumber: number }) => productionMarkingPath(s, production.id, here);
  if (sheets.length === 1)
    return (
      <Button component={RouterLink} to={pathOf(sheets[0]!)} startIcon={<Straighten />}>
        Mark on the plan
      </Button>
    );
  return (
    <>
      <Button startIcon={<Straighten />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-expanded={!!anchor}>
        Mark on the plan
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {sheets.map((s) => (
          <MenuItem key={`${s.fileId}:${s.pageNumber}`} component={RouterLink} to={pathOf(s)}>
            {s.fileName} · page {s.pageNumber} ({s.drawings} drawing{s.drawings === 1 ? '' : 's'})
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * What the crew marked as built on the project's plans: each mark's item, quantity and page, a link to
 * see it on the sheet, and (on a draft) the way to mark more. Shown where the project has plan drawings
 * in the budget, or the production has marks.
 */
export function PlanMarksCard({ production }: { production: Production }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { planMarks, planSheets } = production;
  if (planMarks.length === 0 && planSheets.length === 0) return null;
  const unitOf = (m: ProductionPlanMark) => production.items.find((i) => i.id === m.productionItemId)?.unit ?? '';
  const linkOf = (m: ProductionPlanMark) => (production.canEdit ? productionMarkingPath(m, production.id, here) : planEvidencePath(m, here));
  return (
    <Card>
      <CardHeader
        title="Marked on the plan"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={production.canEdit && planSheets.length > 0 && <MarkOnPlanButton production={production} here={here} />}
      />
      {production.canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, mt: -1 }}>
          What the crew built, drawn on the plan&apos;s drawings: the marks measure this production&apos;s plan items.
        </Typography>
      )}
      {planMarks.length > 0 && (
        <List dense aria-label="Marks on the plan">
          {planMarks.map((m) => (
            <ListItem key={m.id} divider>
              <ListItemText
                primary={`${m.itemName}: ${m.quantity} ${unitOf(m)}`}
                secondary={
                  <Link component={RouterLink} to={linkOf(m)}>
                    {m.fileName}, page {m.pageNumber}
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
