import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { navigationFor } from '../../../permissions';
import { useSession } from '../../session/useSession';
import { isAvailable } from '../../shell/available-screens';
import { NavIcon } from '../../shell/nav-icons';
import { useShellPanels } from '../../shell/panels';

/** What each company setting holds, for the landing's cards. */
const DESCRIPTIONS: Record<string, string> = {
  'item-categories': 'Group the items the company bills and produces.',
  'task-types': 'The kinds of work a task can be.',
  'footprint-types': 'The kinds of areas and lines drawn on the map.',
  'damage-types': 'The kinds of damage a report can be filed under.',
  'safety-authorities': 'The authorities a damage is reported to.',
  roles: 'Who may see and change what in the company.',
};

interface Entry {
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  to?: string;
  onOpen?: () => void;
}

/**
 * The Settings group's landing (spec 01 §2 `settings`): the company's settings the member may open
 * (the navigation's Settings entries, and Roles), then their own (profile, display, the company).
 */
export function SettingsPage() {
  const { profile, activeMembership } = useSession();
  const panels = useShellPanels();
  const companyEntries = useMemo<Entry[]>(() => {
    const nav = navigationFor(profile, isAvailable);
    const settings = nav.groups.find((g) => g.id === 'settings')?.items.filter((i) => i.id !== 'settings') ?? [];
    const roles = nav.groups.flatMap((g) => g.items).filter((i) => i.id === 'roles');
    return [...settings, ...roles].map((i) => ({
      id: i.id,
      title: i.title,
      description: DESCRIPTIONS[i.id] ?? '',
      icon: <NavIcon id={i.id} fontSize="medium" />,
      to: `/${i.url}`,
    }));
  }, [profile]);
  const ownEntries: Entry[] = [
    {
      id: 'profile',
      title: 'Profile',
      description: 'Your details, picture, password and notifications.',
      icon: <AccountCircleOutlined />,
      to: '/profile',
    },
    {
      id: 'display',
      title: 'Display',
      description: 'Your layout and theme, on every device.',
      icon: <PaletteOutlined />,
      onOpen: () => panels.show('settings'),
    },
    ...(activeMembership
      ? [
          {
            id: 'company',
            title: 'Company',
            description: `${activeMembership.company.name}: profile, logo and invoice settings.`,
            icon: <BusinessOutlined />,
            to: `/companies/${activeMembership.companyId}`,
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Settings
      </Typography>
      <Section title="Company settings" entries={companyEntries} empty="Your role opens none of the company's settings." />
      <Section title="Your settings" entries={ownEntries} />
    </Stack>
  );
}

function Section({ title, entries, empty }: { title: string; entries: Entry[]; empty?: string }) {
  const headingId = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry) => (
            <Grid key={entry.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <EntryCard entry={entry} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

function EntryCard({ entry }: { entry: Entry }) {
  const body = (
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
        {entry.icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="span" fontWeight={600} display="block">
          {entry.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span" display="block">
          {entry.description}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {entry.to ? (
        <CardActionArea component={RouterLink} to={entry.to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={entry.onOpen} sx={{ height: '100%' }} aria-haspopup="dialog">
          {body}
        </CardActionArea>
      )}
    </Card>
  );
}
