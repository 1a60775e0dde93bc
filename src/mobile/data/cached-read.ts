import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../api/http';
import { tabCompanyId } from '../../session/active-company';
import { OfflineStore, READS } from '../../offline/store';

/** Same database as the outbox: what the crew needs today lives beside what it wrote. */
const store = new OfflineStore('fieldwork-outbox');

interface StoredRead {
  id: string;
  data: unknown;
  savedAt: number;
}

export interface CachedRead<T> {
  data: T | null;
  loading: boolean;
  /** The server's refusal (not a lost connection), for the screen to say. */
  error: ApiError | null;
  /** No connection: `data` is the copy kept when it was last read (savedAt), or null if never. */
  offline: boolean;
  savedAt: number | null;
  reload: () => void;
}

let currentUserId: number | null = null;
/** Reads are kept per person and company, so a shared phone never shows one crew another's copy. */
export function setReadOwner(userId: number | null) {
  currentUserId = userId;
}

/** Whose copies these are: the signed-in person in the tab's company. */
export const readOwner = () => `${currentUserId ?? 0}:${tabCompanyId() ?? 0}`;
const keyOf = (path: string) => `${readOwner()}:${path}`;

/** Reads `path` from the server, keeps the answer on the phone, and answers the kept copy offline. */
export async function readThrough<T>(path: string): Promise<{ data: T; savedAt: number; offline: boolean }> {
  const id = keyOf(path);
  try {
    const { data } = await apiFetch<T>(path, { quiet: true });
    const savedAt = Date.now();
    await store.put<StoredRead>(READS, { id, data, savedAt }).catch(() => undefined);
    return { data, savedAt, offline: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 0) throw error;
    const kept = await store.get<StoredRead>(READS, id).catch(() => undefined);
    if (!kept) throw error;
    return { data: kept.data as T, savedAt: kept.savedAt, offline: true };
  }
}

/** The hook over readThrough: the kept copy shows at once, the server's answer replaces it. */
export function useCachedRead<T>(path: string | null): CachedRead<T> {
  const [state, setState] = useState<Omit<CachedRead<T>, 'reload'>>({ data: null, loading: !!path, error: null, offline: false, savedAt: null });
  const [round, setRound] = useState(0);
  const latest = useRef(path);
  latest.current = path;

  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    void store
      .get<StoredRead>(READS, keyOf(path))
      .then((kept) => {
        if (live && kept) setState((s) => (s.data === null ? { ...s, data: kept.data as T, savedAt: kept.savedAt } : s));
      })
      .catch(() => undefined);
    readThrough<T>(path)
      .then(({ data, savedAt, offline }) => {
        if (live) setState({ data, savedAt, offline, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, path);
        setState((s) => ({ ...s, loading: false, offline: apiError.statusCode === 0, error: apiError.statusCode === 0 ? null : apiError }));
      });
    return () => {
      live = false;
    };
  }, [path, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
