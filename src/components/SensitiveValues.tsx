import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useCallback, useState, type ReactNode } from 'react';
import type { SensitiveValues } from '../../resources/user';
import { apiFetch } from '../api/http';

const LABELS: Array<[keyof SensitiveValues, string]> = [
  ['ssn', 'SSN'],
  ['driversLicense', "Driver's license"],
];

/**
 * The whole SSN and driver's licence, fetched only when asked for: every reading is recorded on the
 * server, so nothing loads them ahead of a click.
 */
export function useSensitiveReveal(path: string) {
  const [values, setValues] = useState<SensitiveValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const reveal = useCallback(async (): Promise<SensitiveValues | null> => {
    setFailure(null);
    setLoading(true);
    try {
      const { data } = await apiFetch<SensitiveValues>(path, { quiet: true });
      setValues(data);
      return data;
    } catch (err) {
      setFailure((err as Error).message);
      return null;
    } finally {
      setLoading(false);
    }
  }, [path]);
  const hide = useCallback(() => setValues(null), []);
  return { values, failure, loading, reveal, hide };
}

export type SensitiveReveal = ReturnType<typeof useSensitiveReveal>;

/** SSN and driver's licence, masked until shown; Show appears only for those allowed and when there is something to show. */
export function SensitiveValuesView({
  masked,
  reveal,
  canReveal,
  actions,
}: {
  masked: SensitiveValues;
  reveal: SensitiveReveal;
  canReveal: boolean;
  /** Further buttons beside Show, e.g. Change on the person's own profile. */
  actions?: ReactNode;
}) {
  const shown = reveal.values;
  const any = masked.ssn !== null || masked.driversLicense !== null;
  return (
    <Stack spacing={1} data-testid="sensitive-values">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
        {LABELS.map(([field, label]) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }} aria-label={label}>
              {(shown ?? masked)[field] ?? '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      {reveal.failure && <Alert severity="error">These details could not be shown: {reveal.failure}</Alert>}
      <Stack direction="row" spacing={1}>
        {canReveal && any && (
          <Button size="small" onClick={shown ? reveal.hide : () => void reveal.reveal()} disabled={reveal.loading}>
            {shown ? 'Hide' : 'Show'}
          </Button>
        )}
        {actions}
      </Stack>
    </Stack>
  );
}
