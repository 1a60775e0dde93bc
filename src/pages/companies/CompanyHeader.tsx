import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Avatar, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { isRoleName, ROLE_LABELS } from '../../../permissions';
import { useSession } from '../../session/useSession';
import type { Company } from './CompanyDetails';

/** A default role's readable name ('Project Manager'); custom roles keep theirs. */
export const roleLabel = (role: string) => (isRoleName(role) ? ROLE_LABELS[role] : role);

/** Logo, name, the caller's role, plan, parent company, and Delete for those who manage it. */
export function CompanyHeader({ company, role, onDelete }: { company: Company; role: string | null; onDelete?: () => void }) {
  const { user } = useSession();
  const parent = company.parentId ? user?.memberships.find((m) => m.companyId === company.parentId)?.company : null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ minWidth: 0 }}>
        <Avatar src={company.logoUrl ?? undefined} variant="rounded" alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {company.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }} alignItems="center">
            {role && <Chip size="small" label={roleLabel(role)} />}
            <Chip size="small" variant="outlined" label={company.plan === 'free' ? 'Free plan' : 'Paid plan'} />
            {company.parentId &&
              (parent ? (
                <Typography variant="body2" color="text.secondary">
                  Sub-company of{' '}
                  <Link component={RouterLink} to={`/companies/${parent.id}/sub-companies`}>
                    {parent.name}
                  </Link>
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Sub-company
                </Typography>
              ))}
          </Stack>
        </Box>
      </Stack>
      {onDelete && (
        <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={onDelete} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          Delete company
        </Button>
      )}
    </Stack>
  );
}
