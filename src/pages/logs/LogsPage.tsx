import { Stack, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { NAV_GROUPS } from '../../../permissions';
import { useSession } from '../../session/useSession';
import { CheckInCard } from './CheckInCard';
import { LogDrawer } from './LogDrawer';
import { LogList } from './LogList';

const LOGS_NAV = NAV_GROUPS.flatMap((g) => g.items).find((i) => i.id === 'logs')!;

/** logs and logs/:logId: "Daily Log" ("Check in" for crew leaders, permissions/navigation.ts): the check-in card first, then the list; a log opens in a drawer. */
export function LogsPage() {
  const { profile } = useSession();
  const { logId } = useParams();
  const navigate = useNavigate();
  const title = LOGS_NAV.titleFor ? LOGS_NAV.titleFor(profile) : LOGS_NAV.title;
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <CheckInCard title="Check in" />
      <LogList />
      {logId && <LogDrawer id={logId} onClose={() => navigate('/logs')} />}
    </Stack>
  );
}
