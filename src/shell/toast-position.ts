import type { Theme } from '@mui/material';

/** The gap between the toolbar's lower edge and a toast anchored at the top. */
const GAP = 8;

/**
 * Toasts stay at the top centre (spec 02 §9) but start below the toolbar, whose buttons they would
 * otherwise cover (on a phone the whole bar). One rule for the app's toasts (notistack) and the
 * notification toast (MUI Snackbar); `body` outranks the components' own top offsets.
 */
export const toastBelowToolbar = (theme: Theme) => ({
  'body .SnackbarContainer-root.SnackbarContainer-top, body .MuiSnackbar-root.MuiSnackbar-anchorOriginTopCenter': {
    top: 56 + GAP,
    [theme.breakpoints.up('sm')]: { top: 64 + GAP },
  },
});
