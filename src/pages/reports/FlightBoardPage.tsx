import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { Alert, Box, Button, Chip, Link, Skeleton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney, parseScaled } from '../../../resources/money';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../../resources/realtime';
import { formatReportValue, LOCATE_EXPIRY_WARNING_DAYS, type ReportDocument, type ReportRow } from '../../../resources/report';
import { formatInstant, isTimeZone } from '../../../resources/time-zone';
import { useSocketConnected, useSocketEvent } from '../../realtime';
import { fetchReport } from './report-api';
import { ReportDownloads } from './ReportDownloads';

/** The live channels whose changes move a figure of the board. */
const CHANNELS = new Set(['productions', 'invoices', 'tasks', 'damages', 'locates', 'projects', 'budgets'].map(liveChannel));
/** A burst of changes (a production approved moves several tables) makes one refresh, this long after the last. */
const DEBOUNCE_MS = 2000;
/** Also refreshed on a timer: the week, today's expiries and what is overdue move with the clock. */
const PERIODIC_MS = 5 * 60 * 1000;

/** Columns for n tiles on a wide screen: about 12 projects fit a 1920×1080 wall in 4 × 3. */
const columnsFor = (n: number) => (n <= 1 ? 1 : n <= 4 ? 2 : n <= 6 ? 3 : n <= 12 ? 4 : n <= 20 ? 5 : 6);

// Sizes follow the tile (a size container), so a tile of a 3 × 4 wall reads like one of a 2 × 2.
const SIZE = {
  title: 'clamp(1rem, min(8cqh, 6.5cqw), 2.2rem)',
  big: 'clamp(1.6rem, min(16cqh, 12cqw), 5rem)',
  mid: 'clamp(1rem, min(7.5cqh, 6cqw), 2rem)',
  small: 'clamp(0.75rem, min(5.2cqh, 3.8cqw), 1.15rem)',
};

const cents = (v: unknown) => parseScaled(String(v ?? '0'), 2) ?? 0n;

/** Money as a wall reads it: whole dollars, or $1.2M when large; the exact amount is the tooltip. */
function wallMoney(value: unknown): string {
  const c = cents(value);
  const dollars = Number(c / 100n);
  if (Math.abs(dollars) >= 100_000) return `$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(dollars)}`;
  return `$${new Intl.NumberFormat('en-US').format(Math.round(Number(c) / 100))}`;
}

function Figure({ label, value, exact, tone }: { label: string; value: string; exact?: string; tone?: 'error' | 'warning' | 'success' }) {
  return (
    <Box sx={{ minWidth: 0 }} title={exact}>
      <Typography sx={{ fontSize: SIZE.small, color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.2 }}>{label}</Typography>
      <Typography sx={{ fontSize: SIZE.mid, fontWeight: 700, lineHeight: 1.15, color: tone ? `${tone}.main` : 'text.primary', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One project: schedule and percent complete, this week against last, open work, money. */
function Tile({ row, phone }: { row: ReportRow; phone: boolean }) {
  const behind = row.schedule === 'Behind';
  const complete = row.complete === null ? null : Number(row.complete);
  const elapsed = row.elapsed === null ? null : Number(row.elapsed);
  const change = cents(row.weekChange);
  const overdue = cents(row.overdue) > 0n;
  const expiring = Number(row.locatesExpiring);
  const expired = Number(row.locatesExpired);
  const alarm = behind || overdue || expired > 0;
  return (
    <Box
      component="article"
      aria-label={String(row.project)}
      sx={{
        containerType: 'size',
        height: phone ? 340 : '100%',
        minHeight: 0,
        bgcolor: 'background.paper',
        border: 2,
        borderColor: alarm ? 'error.main' : expiring > 0 ? 'warning.main' : 'divider',
        borderLeftWidth: 10,
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Stack sx={{ height: '100%', p: '3cqh 4cqw', justifyContent: 'space-between', gap: '1.5cqh' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', minWidth: 0 }}>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={`/projects/${row.projectId}`}
              underline="hover"
              color="inherit"
              sx={{ display: 'block', fontSize: SIZE.title, fontWeight: 800, lineHeight: 1.15, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {row.project}
            </Link>
            <Typography sx={{ fontSize: SIZE.small, color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {[row.code, row.client].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {row.schedule && (
            <Chip
              label={behind ? 'Behind' : 'On track'}
              color={behind ? 'error' : 'success'}
              sx={{ fontWeight: 700, fontSize: SIZE.small, height: 'auto', '& .MuiChip-label': { py: '0.3em' } }}
            />
          )}
        </Stack>

        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
            <Typography sx={{ fontSize: SIZE.big, fontWeight: 800, lineHeight: 1, color: behind ? 'error.main' : 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
              {complete === null ? '—' : `${Math.floor(complete)}%`}
            </Typography>
            <Typography sx={{ fontSize: SIZE.small, color: 'text.secondary', lineHeight: 1.25 }}>
              complete
              <br />
              {row.daysElapsed === null ? 'no start date' : row.daysTotal ? `day ${row.daysElapsed} of ${row.daysTotal} (${formatReportValue('percent', elapsed)})` : `day ${row.daysElapsed}, no end date`}
            </Typography>
          </Stack>
          {/* Complete as the bar, the days elapsed as the mark it should reach. */}
          <Box
            role="img"
            aria-label={`${complete === null ? 'No plan' : `${formatReportValue('percent', complete)} complete`}${elapsed === null ? '' : `, ${formatReportValue('percent', elapsed)} of the days elapsed`}`}
            sx={{ position: 'relative', mt: '1.5cqh', height: 'max(8px, 3.5cqh)', bgcolor: 'action.selected', borderRadius: 1 }}
          >
            <Box sx={{ position: 'absolute', inset: 0, width: `${Math.min(100, complete ?? 0)}%`, bgcolor: behind ? 'error.main' : 'success.main', borderRadius: 1 }} />
            {elapsed !== null && <Box sx={{ position: 'absolute', top: '-25%', bottom: '-25%', left: `calc(${Math.min(100, elapsed)}% - 2px)`, width: 4, bgcolor: 'text.primary' }} />}
          </Box>
        </Box>

        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-end' }}>
          <Figure label="This week" value={wallMoney(row.thisWeek)} exact={formatMoney(String(row.thisWeek))} />
          <Figure label="Last week" value={wallMoney(row.lastWeek)} exact={formatMoney(String(row.lastWeek))} />
          {change !== 0n && (
            <Stack direction="row" sx={{ alignItems: 'center', color: change > 0n ? 'success.main' : 'error.main', fontSize: SIZE.mid }} aria-label={change > 0n ? 'Up on last week' : 'Down on last week'}>
              {change > 0n ? <ArrowUpwardIcon fontSize="inherit" /> : <ArrowDownwardIcon fontSize="inherit" />}
            </Stack>
          )}
        </Stack>

        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '2cqw' }}>
          <Figure label="Open tasks" value={String(row.openTasks)} />
          <Figure label="Damages" value={String(row.openDamages)} tone={Number(row.openDamages) > 0 ? 'warning' : undefined} />
          <Figure label={`Locates ≤${LOCATE_EXPIRY_WARNING_DAYS}d`} value={String(expiring)} tone={expiring > 0 ? 'warning' : undefined} exact={`Open locate tickets expiring within ${LOCATE_EXPIRY_WARNING_DAYS} days`} />
          <Figure label="Expired" value={String(expired)} tone={expired > 0 ? 'error' : undefined} exact="Locate tickets expired and still open" />
        </Box>

        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2cqw' }}>
          <Figure label="Billed" value={wallMoney(row.billed)} exact={formatMoney(String(row.billed))} />
          <Figure label="Outstanding" value={wallMoney(row.outstanding)} exact={formatMoney(String(row.outstanding))} />
          <Figure label="Overdue" value={wallMoney(row.overdue)} exact={formatMoney(String(row.overdue))} tone={overdue ? 'error' : undefined} />
        </Box>
      </Stack>
    </Box>
  );
}

/** When the board was made, to the second (a wall shows it keeps up), in the company's zone. */
const updatedAt = (doc: ReportDocument) =>
  new Intl.DateTimeFormat('en-US', { timeZone: isTimeZone(doc.timeZone) ? doc.timeZone : 'UTC', dateStyle: 'medium', timeStyle: 'long' }).format(new Date(doc.generatedAt));

/** The height left under `el` down to the bottom of the window (the board fills the wall, without scrolling). */
function useFillHeight(el: React.RefObject<HTMLElement | null>, active: boolean, deps: unknown[]) {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return setHeight(null);
    const measure = () => {
      if (!el.current) return;
      const rect = el.current.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      // What the page holds under the board (its padding, the shell's): full screen, only the board's own.
      const below = document.fullscreenElement ? 16 : Math.max(16, document.documentElement.scrollHeight - (rect.bottom + window.scrollY));
      setHeight(Math.max(320, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    window.addEventListener('resize', measure);
    document.addEventListener('fullscreenchange', measure);
    return () => {
      window.removeEventListener('resize', measure);
      document.removeEventListener('fullscreenchange', measure);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ...deps]);
  return height;
}

/**
 * reports/flight-board: every active project as a large tile, for a wall screen. Full screen with the
 * button (Escape leaves); refreshes itself when a production, invoice, task, damage, locate, project or
 * budget changes (debounced), and every few minutes; says when it was last updated, and keeps showing
 * the last figures when a refresh fails.
 */
export function FlightBoardPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const connected = useSocketConnected();
  const [doc, setDoc] = useState<ReportDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchReport('flight-board', '', abort.signal)
      .then((d) => {
        setDoc(d);
        setFailure(null);
        setLoading(false);
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        setFailure(err.message);
        setLoading(false);
      });
    const timer = setTimeout(refresh, PERIODIC_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [attempt, refresh]);

  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (debounce.current && clearTimeout(debounce.current)), []);
  useSocketEvent<LiveEvent>(SOCKET_EVENTS.live, (event) => {
    if (!CHANNELS.has(event.channel)) return;
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      debounce.current = null;
      refresh();
    }, DEBOUNCE_MS);
  });

  const board = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(!!board.current && document.fullscreenElement === board.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggleFull = () => (full ? void document.exitFullscreen() : void board.current?.requestFullscreen());

  const rows = doc?.tables[0]?.rows ?? [];
  const grid = useRef<HTMLDivElement>(null);
  const height = useFillHeight(grid, !phone, [full, !!doc, failure]);
  const columns = phone ? 1 : columnsFor(rows.length);
  const fact = (label: string) => doc?.facts.find((f) => f.label === label);

  return (
    <Box ref={board} sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'background.default', ...(full ? { height: '100vh', overflow: 'auto' } : {}) }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 1.5 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            Flight Board
          </Typography>
          <Typography color="text.secondary" aria-live="polite">
            {doc ? `Updated ${updatedAt(doc)}` : 'Loading…'}
            {' · '}
            {connected ? 'live' : 'offline: refreshing every 5 minutes'}
            {doc && ` · ${fact('Active projects')?.value ?? 0} active, ${fact('Behind schedule')?.value ?? 0} behind schedule, ${formatReportValue('money', fact('Overdue')?.value ?? '0.00')} overdue`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Button variant="outlined" onClick={toggleFull} startIcon={full ? <FullscreenExitIcon /> : <FullscreenIcon />} sx={{ whiteSpace: 'nowrap' }}>
            {full ? 'Leave full screen' : 'Full screen'}
          </Button>
          {!full && <ReportDownloads name="flight-board" search="" doc={doc} />}
        </Stack>
      </Stack>
      {failure && (
        <Alert
          severity={doc ? 'warning' : 'error'}
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              Try again
            </Button>
          }
        >
          {doc ? `The board could not be refreshed (${failure}); these are the figures of ${formatInstant(doc.generatedAt, doc.timeZone)}.` : `The flight board could not be made: ${failure}`}
        </Alert>
      )}
      {!doc && !failure ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }} aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={300} />
          ))}
        </Box>
      ) : doc && !rows.length ? (
        <Alert severity="info">{doc.tables[0]?.empty}</Alert>
      ) : (
        <Box
          ref={grid}
          aria-busy={loading}
          sx={{
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            // Up to 20 projects share the height; more scroll in rows of a readable size.
            ...(height && rows.length <= 20 ? { height, gridAutoRows: 'minmax(0, 1fr)' } : { gridAutoRows: phone ? 'auto' : 'minmax(260px, 1fr)' }),
          }}
        >
          {rows.map((r) => (
            <Tile key={String(r.projectId)} row={r} phone={phone} />
          ))}
        </Box>
      )}
    </Box>
  );
}
