import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useInvalidateAuthStore } from '@refinedev/core';
import { ImageUpload } from '../../components/ImageUpload';
import { LoadingView } from '../../shell/LoadingView';
import type { SessionUser } from '../../session/types';
import { useSession } from '../../session/useSession';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DisplaySettingsPanel } from './DisplaySettingsPanel';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/** The signed-in user's own page: details, picture, password, notification settings and the display-settings panel. */
export function ProfilePage() {
  const { user } = useSession();
  const refreshSession = useInvalidateAuthStore();
  if (!user) return <LoadingView />;
  return (
    <Grid container spacing={3}>
      <Grid size={12}>
        <Typography variant="h5" component="h1">
          Profile
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card>
          <CardHeader title="Your details" />
          <CardContent>
            <ProfileDetailsForm user={user} />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          <Card>
            <CardHeader title="Profile picture" />
            <CardContent>
              <ImageUpload<{ user: SessionUser }>
                url={user.avatarUrl}
                fallback={user.name}
                label="Picture"
                shape="circular"
                path="/users/me/files"
                type="profilePicture"
                successMessage="Profile Picture Saved"
                onUploaded={() => refreshSession()}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Password" />
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <NotificationSettingsCard memberships={user.memberships} />
          <Card>
            <CardHeader title="Display settings" subheader="Your own look of Fieldwork, on every device." />
            <CardContent>
              <DisplaySettingsPanel user={user} />
            </CardContent>
          </Card>
        </Stack>
      </Grid>
    </Grid>
  );
}
