import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { DamageDetail } from '../../../resources/damage';
import { formatMoney } from '../../../resources/money';
import { formatDay } from '../productions/production-status';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Stack>
  );
}

/** What was damaged, where and when, for how much, and who reported it. */
export function DamageDetails({ damage }: { damage: DamageDetail }) {
  const place = [damage.address, damage.city, damage.state].filter(Boolean).join(', ');
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.25}>
          <Row label="Damage date">{formatDay(damage.damageDate)}</Row>
          <Row label="Project">
            <Link component={RouterLink} to={`/projects/${damage.projectId}`}>
              {[damage.projectCode, damage.projectName].filter(Boolean).join(' · ')}
            </Link>
          </Row>
          <Row label="Damage type">{damage.damageTypeName}</Row>
          <Row label="Safety authority">{damage.safetyAuthorityName}</Row>
          <Row label="Amount">{damage.amount === null ? null : formatMoney(damage.amount)}</Row>
          <Row label="Address">{place}</Row>
          <Row label="Position">{damage.lat === null || damage.lng === null ? null : `${damage.lat.toFixed(6)}, ${damage.lng.toFixed(6)}`}</Row>
          <Row label="Description">{damage.description}</Row>
          <Row label="Reported by">{damage.reportedByName}</Row>
        </Stack>
      </CardContent>
    </Card>
  );
}
