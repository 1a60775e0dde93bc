import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { PRODUCTION_TEXTS, type ProductionTextKey, type ProductionTexts, type ProductionTextValues } from '../../../../resources/production';

const LABELS: Record<ProductionTextKey, string> = { notes: 'Notes on the day', weather: 'Weather', delays: 'Delays', safety: 'Safety' };

/** The texts written, trimmed, as a new production's `texts`. */
export const writtenTexts = (values: ProductionTextValues): Record<string, string> =>
  Object.fromEntries(PRODUCTION_TEXTS.map((t) => [t.key, values[t.key].trim()]).filter(([, v]) => v !== ''));

/** The texts that differ from the server's, a cleared one as null: PATCH /production/{id}'s `texts`, or null when nothing changed. */
export function changedTexts(values: ProductionTextValues, saved: ProductionTexts): ProductionTexts | null {
  const changed: ProductionTexts = {};
  for (const { key } of PRODUCTION_TEXTS) {
    const now = values[key].trim();
    if (now !== (saved[key] ?? '').trim()) changed[key] = now || null;
  }
  return Object.keys(changed).length ? changed : null;
}

/**
 * The day's texts of a daily sheet: notes first; weather, delays and safety one tap away (most days
 * have none, and a crew leader's thumb should not scroll past three empty boxes to reach Submit).
 */
export function DayTexts({ values, onChange, disabled }: { values: ProductionTextValues; onChange: (values: ProductionTextValues) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(() => PRODUCTION_TEXTS.some((t) => t.key !== 'notes' && values[t.key].trim() !== ''));
  const shown = open ? PRODUCTION_TEXTS : PRODUCTION_TEXTS.filter((t) => t.key === 'notes');
  return (
    <Stack spacing={2}>
      {shown.map((t) => (
        <TextField key={t.key} label={LABELS[t.key]} multiline minRows={2} value={values[t.key]} onChange={(e) => onChange({ ...values, [t.key]: e.target.value })} disabled={disabled} />
      ))}
      {!open && (
        <Button variant="text" onClick={() => setOpen(true)} disabled={disabled} sx={{ alignSelf: 'flex-start', minHeight: 48 }}>
          Add weather, delays or safety
        </Button>
      )}
    </Stack>
  );
}

/** The texts written on a production that can no longer change here. */
export function DayTextsRead({ texts }: { texts: ProductionTexts }) {
  const written = PRODUCTION_TEXTS.filter((t) => texts[t.key]);
  if (!written.length) return null;
  return (
    <Stack spacing={1} component="dl" sx={{ m: 0 }} aria-label="The day">
      {written.map((t) => (
        <Box key={t.key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {LABELS[t.key]}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {texts[t.key]}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
