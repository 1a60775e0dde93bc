import { ListItemButton, ListItemText } from '@mui/material';
import type { ProductionPlanSheet } from '../../../../../resources/production';
import { planEvidencePath } from '../../../../pages/editor/editor-link';
import { useCachedRead } from '../../../data/cached-read';
import { planSheetsPath } from '../../../data/field-reads';
import { BoardSection } from './BoardSection';

/**
 * The project's plan pages with drawings in the budget, each opening the desktop's plan editor at
 * its page; the editor's Close comes back to the board (the desktop sends a crew leader here).
 */
export function PlanSheetsSection({ projectId }: { projectId: number }) {
  const read = useCachedRead<ProductionPlanSheet[]>(planSheetsPath(projectId));
  const rows = read.data ?? [];
  return (
    <BoardSection title="Plan sheets" read={read} what="the plan sheets" count={rows.length} empty="No plan sheets with drawings on this project.">
      {rows.map((sheet) => (
        <ListItemButton
          key={`${sheet.fileId}:${sheet.pageNumber}`}
          component="a"
          href={`/app${planEvidencePath(sheet, `/project-board/${projectId}`)}`}
          divider
        >
          <ListItemText
            primary={`${sheet.fileName}, page ${sheet.pageNumber}`}
            secondary={`${sheet.drawings} ${sheet.drawings === 1 ? 'drawing' : 'drawings'}`}
            slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
          />
        </ListItemButton>
      ))}
    </BoardSection>
  );
}
