import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type AddressPatch = Record<string, string | number | null | undefined>;

/**
 * A report's filters live in the address (bookmarked, shared, back and forward work): `values` are the
 * raw parameters, `query` what the report's own schema (resources/report.ts) makes of them, `problem`
 * its first complaint, and `search` the string to send, the same the address carries.
 */
export function useReportAddress<S extends z.ZodType>(schema: S) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const values = useMemo(() => Object.fromEntries(new URLSearchParams(search)) as Record<string, string>, [search]);
  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  // Two changes before the address updates (From, then To) must both land: the router's `prev` is the
  // last render's, and a render for other reasons (the report loading) may still carry the old address,
  // so the pending address yields only to a new one (back, forward, a link).
  const latest = useRef(search);
  const rendered = useRef(search);
  if (rendered.current !== search) {
    rendered.current = search;
    latest.current = search;
  }
  const change = useCallback(
    (patch: AddressPatch) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      latest.current = next.toString();
      setParams(next);
    },
    [setParams],
  );
  return {
    values,
    query: parsed.success ? (parsed.data as z.output<S>) : null,
    problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'These filters cannot be read'),
    search,
    change,
  };
}
