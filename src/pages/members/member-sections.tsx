import { Box, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { STATUS_LABELS, type MemberStatus, type MemberView, type NamedRef } from '../../../resources/member';
import { countries } from '../../reference/countries';
import { isAvailable } from '../../shell/available-screens';
import { roleLabel } from './member-pickers';

const STATUS_COLOR: Record<MemberStatus, 'success' | 'warning' | 'default'> = { accepted: 'success', invited: 'warning', declined: 'default' };

export function StatusChip({ status }: { status: MemberStatus }) {
  return <Chip size="small" label={STATUS_LABELS[status] ?? status} color={STATUS_COLOR[status] ?? 'default'} variant="outlined" />;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The member's contact fields, role and where the invitation stands. */
export function MemberProfile({ member: m }: { member: MemberView }) {
  const country = countries().find((c) => c.id === m.country)?.name ?? m.country;
  const rows: Array<[string, string]> = [
    ['Name', m.name],
    ['Email', m.email],
    ['Phone', m.phone ?? '—'],
    ['Country', country ?? '—'],
    ['State', m.state ?? '—'],
    ['Role', roleLabel(m.role)],
    ['Status', STATUS_LABELS[m.status] ?? m.status],
    ['Invited by', m.invitedBy?.name ?? '—'],
    ['Added', when(m.createdAt)],
  ];
  if (m.status === 'invited') rows.push(['Invitation expires', when(m.invitationExpiresAt)]);
  if (m.status === 'declined') rows.push(['Reason given', m.declineReason ?? 'No reason given']);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Crews or categories as chips, linked to their pages when that screen exists. */
export function RefList({ title, refs, empty, link }: { title?: string; refs: NamedRef[]; empty: string; link?: string }) {
  const linked = link && isAvailable(link);
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" gutterBottom>
          {title}
        </Typography>
      )}
      {refs.length ? (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {refs.map((r) =>
            linked ? (
              <Chip key={r.id} label={r.name} variant="outlined" clickable component={RouterLink} to={`/${link}/${r.id}`} />
            ) : (
              <Chip key={r.id} label={r.name} variant="outlined" />
            ),
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary">{empty}</Typography>
      )}
    </Box>
  );
}

