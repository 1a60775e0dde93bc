import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useShellPanels } from '../panels';

/** The toolbar's quick panel button (phones reach it through the More menu). */
export function QuickPanelButton() {
  const panels = useShellPanels();
  return (
    <Tooltip title="Quick panel (Alt+Q)">
      <IconButton
        aria-label="Quick panel"
        aria-keyshortcuts="Alt+Q"
        aria-expanded={panels.open === 'quick'}
        onClick={() => panels.toggle('quick')}
        data-tour="quick-panel"
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: 'inherit', width: 40, height: 40 }}
      >
        <DashboardCustomizeOutlined />
      </IconButton>
    </Tooltip>
  );
}
