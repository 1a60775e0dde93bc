import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CALENDAR_CAP, CALENDAR_EVENT_TYPES, type CalendarEventType } from '../../../resources/calendar';
import { useSession } from '../../session/useSession';
import { useCalendarEvents } from './calendar-api';
import { CalendarFilters, mayView, type CalendarFilterValues } from './CalendarFilters';
import { CalendarView, type VisibleRange } from './CalendarView';

const typeLabel = (type: string) => CALENDAR_EVENT_TYPES.find((t) => t.value === type)?.label.toLowerCase() ?? type;

/**
 * The calendar (spec 02 §2 `calendar`, every signed-in member): tasks, productions, daily logs,
 * project start and end dates and locate expiries of the visible days, as the API lets this person
 * see them, filtered by project, crew and type; each event opens its page.
 */
export function CalendarPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { profile, activeMembership } = useSession();
  const visibleTypes = useMemo(() => CALENDAR_EVENT_TYPES.map((t) => t.value).filter((t) => mayView(t, profile)), [profile]);
  const [filters, setFilters] = useState<Omit<CalendarFilterValues, 'types'> & { hidden: CalendarEventType[] }>({ projectId: null, crewId: null, hidden: [] });
  const types = visibleTypes.filter((t) => !filters.hidden.includes(t));
  const [range, setRange] = useState<VisibleRange | null>(null);
  const request = range ? { ...range, projectId: filters.projectId, crewId: filters.crewId, types } : null;
  const { events, loading, error, truncated, retry } = useCalendarEvents(request, activeMembership?.companyId ?? null);

  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1">
        Calendar
      </Typography>
      <CalendarFilters
        value={{ projectId: filters.projectId, crewId: filters.crewId, types }}
        visibleTypes={visibleTypes}
        onChange={(v) => setFilters({ projectId: v.projectId, crewId: v.crewId, hidden: visibleTypes.filter((t) => !v.types.includes(t)) })}
      />
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try again
            </Button>
          }
        >
          The calendar could not be loaded: {error.message}
        </Alert>
      )}
      {truncated.length > 0 && (
        <Alert severity="info">
          {`More than ${CALENDAR_CAP} ${truncated.map(typeLabel).join(' and ')} fall on these days: only the first ${CALENDAR_CAP} of each show. Choose a project or a crew to see the rest.`}
        </Alert>
      )}
      {!loading && !error && range && events.length === 0 && (
        <Typography color="text.secondary" role="status">
          {types.length === 0 ? 'Every event type is switched off.' : 'Nothing on these days.'}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, position: 'relative' }} aria-busy={loading}>
        <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, visibility: loading ? 'visible' : 'hidden' }}>
          <LinearProgress aria-label="Loading events" />
        </Box>
        <CalendarView events={events} phone={phone} onRange={setRange} onOpen={(url) => navigate(url.replace(/^\/app(-mobile)?\//, '/'))} />
      </Paper>
    </Stack>
  );
}
