import { useEffect, useState } from 'react';
import type { CalendarEvent, CalendarEventType } from '../../../resources/calendar';
import { apiFetch, type ApiError } from '../../api/http';

/** What the screen asks: the visible days [start, end) and the filters. */
export interface CalendarRequest {
  start: string;
  end: string;
  projectId: number | null;
  crewId: number | null;
  types: CalendarEventType[];
}

export interface CalendarAnswer {
  events: CalendarEvent[];
  loading: boolean;
  error: ApiError | null;
  /** The types that held more events than one answer carries. */
  truncated: string[];
  retry: () => void;
}

export function calendarPath(r: CalendarRequest): string {
  const q = new URLSearchParams({ start: r.start, end: r.end });
  if (r.projectId !== null) q.append('projectId', String(r.projectId));
  if (r.crewId !== null) q.append('crewId', String(r.crewId));
  if (r.types.length) q.append('types', r.types.join(','));
  return `/calendar/events?${q}`;
}

/**
 * GET /calendar/events for the visible range, again whenever the range, a filter or the company
 * changes; an answer for a range the user has already left is dropped.
 */
export function useCalendarEvents(request: CalendarRequest | null, companyId: number | null): CalendarAnswer {
  const [state, setState] = useState<Omit<CalendarAnswer, 'retry'>>({ events: [], loading: true, error: null, truncated: [] });
  const [attempt, setAttempt] = useState(0);
  const path = request && request.types.length ? calendarPath(request) : null;
  useEffect(() => {
    if (!request) return;
    if (!path) {
      setState({ events: [], loading: false, error: null, truncated: [] });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    apiFetch<CalendarEvent[]>(path, { signal: abort.signal, quiet: true })
      .then(({ data, headers }) => {
        const truncated = headers.get('x-truncated') === 'true' ? (headers.get('x-truncated-types') ?? '').split(',').filter(Boolean) : [];
        setState({ events: data, loading: false, error: null, truncated });
      })
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        setState({ events: [], loading: false, error: error as ApiError, truncated: [] });
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, companyId, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
