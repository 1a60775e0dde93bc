import { useCallback, useEffect, useRef, useState } from 'react';
import { BILLABLE_HAS_MORE_HEADER, BILLABLE_PAGE, type BillableProduction } from '../../../resources/invoice';
import { apiFetch } from '../../api/http';

/** Production days, both included; '' leaves that end open. */
export interface BillableRange {
  from: string;
  to: string;
}

interface Pages {
  productions: BillableProduction[];
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: string | null;
}

const START: Pages = { productions: [], hasMore: false, status: 'loading', loadingMore: false, error: null };

/**
 * The billable productions of a project, newest first (when editing, the invoice's own first), a
 * page at a time: the first page on open and whenever the range changes, the next on loadMore. The
 * server says whether another page follows (X-Has-More); it gives no total, which would cost a
 * count over the project's whole history.
 */
export function useBillablePages(projectId: string, invoiceId: string | undefined, range: BillableRange) {
  const [pages, setPages] = useState<Pages>(START);
  // Answers for an older range (or a page asked twice) arrive late: only the latest request counts.
  const latest = useRef(0);

  const fetchPage = useCallback(
    async (start: number) => {
      const request = ++latest.current;
      const query = new URLSearchParams({ _start: String(start), _end: String(start + BILLABLE_PAGE.default) });
      if (invoiceId) query.set('invoiceId', invoiceId);
      if (range.from) query.set('date_gte', range.from);
      if (range.to) query.set('date_lte', range.to);
      try {
        const { data, headers } = await apiFetch<BillableProduction[]>(`/billable-productions/${projectId}?${query}`, { quiet: true });
        if (request !== latest.current) return;
        setPages((p) => ({
          productions: start === 0 ? data : [...p.productions, ...data],
          hasMore: headers.get(BILLABLE_HAS_MORE_HEADER) === 'true',
          status: 'ready',
          loadingMore: false,
          error: null,
        }));
      } catch (err) {
        if (request !== latest.current) return;
        setPages((p) => ({ ...p, status: start === 0 ? 'error' : p.status, loadingMore: false, error: (err as Error).message }));
      }
    },
    [projectId, invoiceId, range.from, range.to],
  );

  useEffect(() => {
    setPages(START);
    void fetchPage(0);
    return () => void ++latest.current;
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    setPages((p) => ({ ...p, loadingMore: true, error: null }));
    void fetchPage(pages.productions.length);
  }, [fetchPage, pages.productions.length]);

  const retry = useCallback(() => {
    if (pages.status === 'error') {
      setPages(START);
      void fetchPage(0);
    } else loadMore();
  }, [pages.status, fetchPage, loadMore]);

  return { ...pages, loadMore, retry };
}
