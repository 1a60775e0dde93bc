import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, Switch, TextField } from '@mui/material';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { LAYOUT_LABELS, LAYOUT_STYLES, resolveDisplay, THEME_LABELS, THEMES, type FullDisplaySettings, type LayoutStyle, type ThemeName } from '../../../resources/display-settings';
import { apiFetch } from '../../api/http';
import type { SessionUser } from '../../session/types';
import { themeSwatch } from '../../shell/display-theme';
import { useDisplayPreview } from '../../shell/DisplayThemeProvider';

function Swatch({ name }: { name: ThemeName }) {
  const s = themeSwatch(name);
  return (
    <Box aria-hidden sx={{ display: 'inline-flex', mr: 1.5, borderRadius: 0.5, overflow: 'hidden', border: 1, borderColor: 'divider', verticalAlign: 'middle' }}>
      {[s.dark, s.primary, s.background].map((c) => (
        <Box key={c} sx={{ width: 12, height: 16, bgcolor: c }} />
      ))}
    </Box>
  );
}

function ShadeChoice({ label, value, onChange }: { label: string; value: 'dark' | 'light'; onChange: (v: 'dark' | 'light') => void }) {
  return (
    <FormControl>
      <FormLabel id={`${label}-shade`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`${label}-shade`} value={value} onChange={(e) => onChange(e.target.value as 'dark' | 'light')}>
        <FormControlLabel value="dark" control={<Radio />} label="Dark" />
        <FormControlLabel value="light" control={<Radio />} label="Light" />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * The settings panel of spec 01 §2: theme, layout and its options, kept in the user's own settings so
 * they follow the user to every device and company; they never change what anyone else sees. The
 * shell shows the draft at once; leaving without saving puts the saved look back.
 */
export function DisplaySettingsPanel({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const { open } = useNotification();
  const refreshSession = useInvalidateAuthStore();
  const saved = resolveDisplay(user.settings);
  const [draft, setDraft] = useState<FullDisplaySettings>(saved);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const layout = (change: Partial<FullDisplaySettings['layout']>) => setDraft((d) => ({ ...d, layout: { ...d.layout, ...change } }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const setPreview = useDisplayPreview();
  useEffect(() => setPreview(dirty ? draft : null), [dirty, draft, setPreview]);
  useEffect(() => () => setPreview(null), [setPreview]);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await apiFetch('/users/me', { method: 'PATCH', body: { settings: draft }, quiet: true });
      open?.({ type: 'success', message: 'Settings saved' });
      await refreshSession();
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2.5} component="section" aria-label="Display settings">
      {failure && <Alert severity="error">Your display settings were not saved: {failure}</Alert>}
      <TextField select label="Theme" value={draft.theme} onChange={(e) => setDraft((d) => ({ ...d, theme: e.target.value as ThemeName }))}>
        {THEMES.map((t) => (
          <MenuItem key={t} value={t}>
            <Swatch name={t} />
            {THEME_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="layout-style">Layout</FormLabel>
        <RadioGroup aria-labelledby="layout-style" value={draft.layout.style} onChange={(e) => layout({ style: e.target.value as LayoutStyle })}>
          {LAYOUT_STYLES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={LAYOUT_LABELS[s]} />
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction={compact ? 'column' : { xs: 'column', sm: 'row' }} spacing={2}>
        <ShadeChoice label="Navbar" value={draft.layout.navbar} onChange={(navbar) => layout({ navbar })} />
        <ShadeChoice label="Toolbar" value={draft.layout.toolbar} onChange={(toolbar) => layout({ toolbar })} />
      </Stack>
      <FormControlLabel
        control={<Switch checked={draft.layout.mode === 'boxed'} onChange={(e) => layout({ mode: e.target.checked ? 'boxed' : 'fullwidth' })} />}
        label="Boxed layout (the whole app in a 1280 px box on wide screens)"
      />
      <FormControlLabel
        control={<Switch checked={draft.layout.navbarFolded} onChange={(e) => layout({ navbarFolded: e.target.checked })} />}
        label="Folded navigation (icons only; opens on hover)"
        disabled={draft.layout.style !== 'layout1'}
      />
      <FormControlLabel
        control={<Switch checked={draft.layout.customScrollbars} onChange={(e) => layout({ customScrollbars: e.target.checked })} />}
        label="Custom scrollbars"
      />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={() => setDraft(resolveDisplay({}))} disabled={saving}>
          Restore defaults
        </Button>
        <Button variant="contained" onClick={save} disabled={!dirty || saving}>
          Save settings
        </Button>
      </Stack>
    </Stack>
  );
}
