import { Avatar, Chip, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { CrewCategoryOption, CrewPersonOption } from '../../../resources/crew';
import { isAvailable } from '../../shell/available-screens';
import { ColorSwatch, roleLabelOf } from './crew-pickers';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A crew's members or leaders, linked to their member pages once that screen exists. */
export function PeopleList({ people, empty }: { people: CrewPersonOption[]; empty: string }) {
  if (!people.length) return <Typography color="text.secondary">{empty}</Typography>;
  const linked = isAvailable('members');
  return (
    <List disablePadding>
      {people.map((p) => (
        <ListItem key={p.id} disableGutters divider {...(linked ? { component: RouterLink, to: `/members/${p.id}` } : {})} sx={{ color: 'inherit' }}>
          <ListItemAvatar>
            <Avatar sx={{ width: 36, height: 36, fontSize: 14 }}>{initials(p.name)}</Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={p.name}
            secondary={`${p.email} · ${roleLabelOf(p.roleName)}`}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
          {p.status !== 'accepted' && <Chip size="small" label={p.status === 'invited' ? 'Invited' : p.status} sx={{ ml: 1 }} />}
        </ListItem>
      ))}
    </List>
  );
}

export function CategoryList({ categories }: { categories: CrewCategoryOption[] }) {
  if (!categories.length) return <Typography color="text.secondary">This crew works on no item categories yet.</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {categories.map((c) => (
        <Chip key={c.id} label={c.name} icon={<ColorSwatch color={c.color} />} variant="outlined" />
      ))}
    </Stack>
  );
}
