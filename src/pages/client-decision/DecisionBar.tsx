import { Button, Paper, Stack } from '@mui/material';

/**
 * The two decisions of a document opened from its link, in reach of a thumb: fixed to the bottom of
 * a phone's screen (the page leaves room for it), in place on wider screens.
 */
export function DecisionBar({ rejectLabel, approveLabel, onReject, onApprove }: { rejectLabel: string; approveLabel: string; onReject: () => void; onApprove: () => void }) {
  return (
    <Paper
      elevation={3}
      sx={{ p: 1.5, position: { xs: 'fixed', sm: 'static' }, left: 0, right: 0, bottom: 0, zIndex: 2, borderRadius: { xs: 0, sm: 1 } }}
    >
      <Stack direction="row" spacing={1.5} justifyContent={{ xs: 'stretch', sm: 'flex-end' }}>
        <Button variant="outlined" color="error" onClick={onReject} size="large" sx={{ flex: { xs: 1, sm: 'none' } }}>
          {rejectLabel}
        </Button>
        <Button variant="contained" onClick={onApprove} size="large" sx={{ flex: { xs: 2, sm: 'none' } }}>
          {approveLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
