import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../api/http';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
}

/** Loads again whenever `key` changes (what is asked), dropping a late answer to a question no longer asked. */
export function useLoaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'retry'>>({ data: null, loading: !!load, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    const abort = new AbortController();
    setState((s) => ({ data: s.data, loading: true, error: null }));
    load(abort.signal)
      .then((data) => setState({ data, loading: false, error: null }))
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        setState({ data: null, loading: false, error: error as ApiError });
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, !!load]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
