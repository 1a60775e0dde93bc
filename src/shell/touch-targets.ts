import type { Theme } from '@mui/material';

/** The smallest thing a finger is asked to hit. */
export const TOUCH_TARGET = 40;

const target = { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET };

/**
 * On phones, the grids' row actions and row menu buttons, the items of the grids' menus, and chips
 * that act (filters, removable values) are at least 40 px, whatever list they are in (the engine's
 * grids, tasks, productions, invoices, the budget). MUI sizes them for a mouse.
 */
export const phoneTouchTargets = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    // Column headers are not enlarged: a tap on the heading sorts, and wider header icons would squeeze the titles.
    '.MuiDataGrid-root .MuiDataGrid-actionsCell .MuiIconButton-root': target,
    '.MuiDataGrid-menuList .MuiMenuItem-root, .MuiDataGrid-menu .MuiMenuItem-root': { minHeight: TOUCH_TARGET },
    '.MuiChip-root.MuiChip-clickable, .MuiChip-root.MuiChip-deletable': { minHeight: TOUCH_TARGET },
    '.MuiChip-root .MuiChip-deleteIcon': { fontSize: 24 },
  },
});
