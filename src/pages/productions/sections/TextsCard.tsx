import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { PRODUCTION_SUCCESS, PRODUCTION_TEXTS, productionTextValues, type Production, type ProductionTextValues } from '../../../../resources/production';
import type { ApiError } from '../../../api/http';
import { updateTexts, useProductionRefresh } from '../production-api';

/** The day's notes, weather, delays and safety; a draft's are edited here (PATCH /production/{id}). */
export function TextsCard({ production }: { production: Production }) {
  const { open: notify } = useNotification();
  const refresh = useProductionRefresh();
  const [editing, setEditing] = useState<ProductionTextValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const written = PRODUCTION_TEXTS.filter((t) => production.texts[t.key]);

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    setFailure(null);
    try {
      await updateTexts(production.id, editing);
      await refresh();
      notify?.({ type: 'success', message: PRODUCTION_SUCCESS.saved });
      setEditing(null);
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="The day"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          production.canEdit &&
          !editing && (
            <Button startIcon={<EditOutlined />} onClick={() => setEditing(productionTextValues(production.texts))}>
              Edit
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {editing ? (
          <Stack spacing={2}>
            {PRODUCTION_TEXTS.map((t) => (
              <TextField
                key={t.key}
                label={t.label}
                multiline
                minRows={t.key === 'notes' ? 2 : 1}
                value={editing[t.key]}
                onChange={(e) => setEditing({ ...editing, [t.key]: e.target.value })}
                disabled={saving}
              />
            ))}
            {failure && <Alert severity="error">{failure}</Alert>}
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <Button onClick={() => setEditing(null)} disabled={saving}>
                Cancel
              </Button>
              <Button variant="contained" onClick={() => void save()} disabled={saving}>
                Save
              </Button>
            </Stack>
          </Stack>
        ) : written.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            No notes, weather, delays or safety remarks.
          </Typography>
        ) : (
          <Stack spacing={1.5} component="dl" sx={{ m: 0 }}>
            {written.map((t) => (
              <div key={t.key}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {production.texts[t.key]}
                </Typography>
              </div>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
