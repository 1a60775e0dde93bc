import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, FormControlLabel, FormGroup, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { NOTIFICATION_SETTING_LABELS, type NotificationSettings } from '../../../resources/notification';
import type { Membership } from '../../session/types';
import { fetchNotificationSettings, saveNotificationSettings } from '../../shell/notifications/notification-api';

const KEYS = Object.keys(NOTIFICATION_SETTING_LABELS) as Array<keyof NotificationSettings>;

/** One company's switches: each change is saved at once; a failed save puts the switch back (the error dialog says why). */
function MembershipSettings({ membership, showCompany }: { membership: Membership; showCompany: boolean }) {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState<keyof NotificationSettings | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    fetchNotificationSettings(membership.id, abort.signal)
      .then(setSettings)
      .catch((err: Error) => err.name !== 'AbortError' && setFailed(true));
    return () => abort.abort();
  }, [membership.id, attempt]);

  const change = (key: keyof NotificationSettings, value: boolean) => {
    if (!settings) return;
    const before = settings;
    setSettings({ ...settings, [key]: value });
    setSaving(key);
    saveNotificationSettings(membership.id, { [key]: value })
      .then(setSettings)
      .catch(() => setSettings(before))
      .finally(() => setSaving(null));
  };

  const heading = `notification-settings-${membership.id}`;
  return (
    <Box component="section" aria-labelledby={showCompany ? heading : undefined}>
      {showCompany && (
        <Typography id={heading} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {membership.company.name}
        </Typography>
      )}
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        >
          Could not load the notification settings.
        </Alert>
      ) : !settings ? (
        <CircularProgress size={24} aria-label={`Loading the notification settings of ${membership.company.name}`} />
      ) : (
        <FormGroup>
          {KEYS.map((key) => (
            <FormControlLabel
              key={key}
              sx={{ alignItems: 'flex-start', my: 0.5 }}
              control={<Switch checked={settings[key]} disabled={saving === key} onChange={(e) => change(key, e.target.checked)} />}
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography variant="body2">{NOTIFICATION_SETTING_LABELS[key].label}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {NOTIFICATION_SETTING_LABELS[key].help}
                  </Typography>
                </Box>
              }
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}

/** The profile's Notifications card: what each of the user's companies tells them (spec 01 §3: Reports, Delays, Others), and by e-mail too. */
export function NotificationSettingsCard({ memberships }: { memberships: Membership[] }) {
  const companies = memberships.filter((m) => m.type === 'company');
  return (
    <Card>
      <CardHeader title="Notifications" subheader="What you are told about, for each company you work in." />
      <CardContent>
        {companies.length ? (
          <Stack spacing={2.5}>
            {companies.map((m) => (
              <MembershipSettings key={m.id} membership={m} showCompany={companies.length > 1} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">You are not a member of a company yet.</Typography>
        )}
      </CardContent>
    </Card>
  );
}
