import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box, useTheme } from '@mui/material';
import { useMemo } from 'react';
import type { CalendarEvent } from '../../../resources/calendar';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar's days start at local midnight: their local date is the day shown. */
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The visible days as the API takes them: local dates, end exclusive. */
export interface VisibleRange {
  start: string;
  end: string;
}

/**
 * FullCalendar in the app's colours (its classic theme, its CSS variables set from the MUI theme).
 * Month, week and day on a desk; a list of the week first on a phone, where a month grid is too small
 * to read. An event is a link to its page; a click opens it inside the app.
 */
export function CalendarView({
  events,
  phone,
  onRange,
  onOpen,
}: {
  events: CalendarEvent[];
  phone: boolean;
  onRange: (range: VisibleRange) => void;
  onOpen: (url: string) => void;
}) {
  const theme = useTheme();
  const inputs = useMemo(
    () => events.map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, allDay: true, url: e.url, color: e.color, extendedProps: { type: e.type } })),
    [events],
  );
  return (
    <Box
      data-testid="calendar"
      sx={{
        '--fc-classic-button': theme.palette.primary.main,
        '--fc-classic-button-border': theme.palette.primary.main,
        '--fc-classic-button-strong': theme.palette.primary.dark,
        '--fc-classic-button-strong-border': theme.palette.primary.dark,
        '--fc-classic-button-foreground': theme.palette.primary.contrastText,
        '--fc-classic-primary': theme.palette.primary.main,
        '--fc-classic-background': theme.palette.background.paper,
        '--fc-classic-foreground': theme.palette.text.primary,
        '--fc-classic-muted-foreground': theme.palette.text.secondary,
        '--fc-classic-border': theme.palette.divider,
        '--fc-classic-today': `${theme.palette.primary.main}14`,
        fontFamily: theme.typography.fontFamily,
        fontSize: phone ? '0.8rem' : '0.875rem',
        '& a': { cursor: 'pointer' },
        // The list view clips long titles to one line; on a phone that hid most of each title.
        '& [role="list"][aria-label="Events"] a div': { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', minWidth: 0 },
      }}
    >
      <FullCalendar
        key={phone ? 'phone' : 'desk'}
        plugins={PLUGINS}
        initialView={phone ? 'listWeek' : 'dayGridMonth'}
        headerToolbar={
          phone
            ? { start: 'title', end: 'prev,today,next' }
            : { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }
        }
        footerToolbar={phone ? { center: 'listWeek,dayGridMonth,timeGridDay' } : undefined}
        todayText="Today"
        monthText="Month"
        weekTextLong="Week"
        weekTextShort="Week"
        dayText="Day"
        listText="List"
        height="auto"
        dayMaxEvents={phone ? 2 : 4}
        fixedWeekCount={false}
        events={inputs}
        datesSet={(info) => onRange({ start: localDay(info.view.activeStart), end: localDay(info.view.activeEnd) })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.url) onOpen(info.event.url);
        }}
        noEventsContent="Nothing on these days"
      />
    </Box>
  );
}
