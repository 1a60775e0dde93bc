import { useInvalidateAuthStore } from '@refinedev/core';
import { Box, List, ListItem, ListItemText, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { QUICK_SETTINGS, type QuickSettingKey, type QuickSettings } from '../../../resources/quick-panel';
import { saveQuickSettings } from './quick-panel-api';

/** The three quick settings as switches; each change is saved at once and the session read again so it applies everywhere. */
export function QuickSettingsList({ initial }: { initial: QuickSettings }) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const refreshSession = useInvalidateAuthStore();
  useEffect(() => setValues(initial), [initial]);

  const toggle = async (key: QuickSettingKey, on: boolean) => {
    const before = values;
    setValues({ ...values, [key]: on });
    setError(null);
    try {
      setValues(await saveQuickSettings({ [key]: on }));
      await refreshSession();
    } catch (err) {
      setValues(before);
      setError(`The setting could not be saved: ${(err as Error).message}`);
    }
  };

  return (
    <Box component="section" aria-labelledby="quick-settings-heading">
      <Typography id="quick-settings-heading" variant="overline" component="h3" sx={{ display: 'block', px: 2, pt: 2 }}>
        Quick settings
      </Typography>
      <List dense>
        {QUICK_SETTINGS.map((s) => (
          <ListItem key={s.key} secondaryAction={<Switch edge="end" checked={values[s.key]} onChange={(e) => void toggle(s.key, e.target.checked)} slotProps={{ input: { 'aria-label': s.label, role: 'switch' } as object }} />} sx={{ pr: 9 }}>
            <ListItemText primary={s.label} secondary={s.help} />
          </ListItem>
        ))}
      </List>
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ px: 2 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
