import { useEffect, useState } from 'react';
import { MARKET_SEARCH_MIN, type Market } from '../../../resources/partnership';
import { apiFetch } from '../../api/http';

/** Waits for a pause in typing before asking the server. */
const DEBOUNCE_MS = 250;

/** Whether the text is long enough to search for (spec 01 §5: only past 2 characters). */
export const searchable = (text: string) => text.trim().length >= MARKET_SEARCH_MIN;

/**
 * The company's markets starting with the text. Shorter text never reaches the server; answers are
 * dropped when the text changed meanwhile.
 */
export function useMarketSearch(text: string) {
  const [state, setState] = useState<{ markets: Market[]; loading: boolean; error: string | null }>({ markets: [], loading: false, error: null });
  useEffect(() => {
    if (!searchable(text)) {
      setState({ markets: [], loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = setTimeout(() => {
      apiFetch<{ markets: Market[] }>(`/market/prefix/${encodeURIComponent(text.trim())}`, { signal: controller.signal, quiet: true })
        .then(({ data }) => setState({ markets: data.markets, loading: false, error: null }))
        .catch((err: Error) => {
          if (err.name !== 'AbortError') setState({ markets: [], loading: false, error: err.message });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return state;
}
