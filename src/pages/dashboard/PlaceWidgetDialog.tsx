import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { widgetLayout, type Widget, type WidgetLayout } from '../../../resources/dashboard';

const FIELDS = [
  { key: 'x', label: 'Column', helper: '1 to 12, from the left', offset: 1 },
  { key: 'y', label: 'Row', helper: 'From the top', offset: 1 },
  { key: 'w', label: 'Width', helper: 'Columns, 1 to 12', offset: 0 },
  { key: 'h', label: 'Height', helper: 'Rows', offset: 0 },
] as const;

/**
 * A widget's place and size typed in, for who cannot or would rather not drag: the same place the grid
 * gives, counted from 1 as people count. Widgets in the way move down.
 */
export function PlaceWidgetDialog({ widget, onSubmit, onClose }: { widget: Widget; onSubmit: (layout: WidgetLayout) => void; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState(() => Object.fromEntries(FIELDS.map((f) => [f.key, String(widget.layout[f.key] + f.offset)])) as Record<keyof WidgetLayout, string>);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const submit = () => {
    const layout = Object.fromEntries(FIELDS.map((f) => [f.key, Number(values[f.key]) - f.offset]));
    const parsed = widgetLayout.safeParse(layout);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError({ field: String(issue.path[0] ?? 'w'), message: issue.message });
    }
    onSubmit(parsed.data);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="place-widget-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="place-widget-title">Position and size</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{widget.title}</DialogContentText>
          <Stack direction="row" flexWrap="wrap" gap={2}>
            {FIELDS.map((f, i) => (
              <TextField
                key={f.key}
                autoFocus={i === 0}
                type="number"
                label={f.label}
                value={values[f.key]}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [f.key]: e.target.value }));
                  setError(null);
                }}
                error={error?.field === f.key}
                helperText={error?.field === f.key ? error.message : f.helper}
                sx={{ width: 150 }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
