import type { TestServer } from './harness.js';
import { BODIES, needsBody, SECOND_SHAPES, type Payload } from './tenant-bodies.js';
import { keyOf, paramsOf, type AnyRoute, type Caller, type ParamKind, type Tenant } from './tenant-kinds.js';
import { fingerprintOf, leaksIn, type Answer, type Fingerprint } from './tenant-leaks.js';
import { bodyReferences, excerpt, FILTER_PARAMS, fillings, needsPermission, NOT_LISTED, paramKind, paramValues, send, swapped, TOKEN_KINDS, VALUE_KINDS } from './tenant-routes.js';
import { changes, scopedTables, snapshot, type ScopedTable, type Snapshot } from './tenant-snapshot.js';

/**
 * The passes of the tenant-isolation sweep (tests/api/tenant-isolation.test.ts), each a function of
 * the routes it sends, so the self-test (tests/api/tenant-leaks.test.ts) runs the very same checks
 * over a deliberately leaky route. Company B calls; company A's data must never show and A's rows
 * must never change. Every problem is collected as a sentence; the caller expects none.
 */
export interface Sweep {
  s: TestServer;
  a: Tenant;
  b: Tenant;
  fingerprint: Fingerprint;
  problems: string[];
  tables: ScopedTable[];
  before: Snapshot;
  /** Numbers the probe bodies (unique names, days, e-mails). */
  n: number;
}

export async function startSweep(s: TestServer, a: Tenant, b: Tenant): Promise<Sweep> {
  const problems: string[] = [];
  const tables = await scopedTables(s, a.scope, problems);
  return { s, a, b, fingerprint: fingerprintOf(a), problems, tables, before: await snapshot(s, tables), n: 0 };
}

/** After each route: A's rows as they were; a change is reported once and becomes the new baseline. */
async function checkUnchanged(w: Sweep, what: string) {
  const after = await snapshot(w.s, w.tables);
  const diff = changes(w.before, after);
  if (diff.length) w.problems.push(`${what} changed company A's rows: ${diff.join('; ')}`);
  w.before = after;
}

function checkLeaks(w: Sweep, what: string, res: Answer) {
  for (const leak of leaksIn(res, w.fingerprint)) w.problems.push(`${what}: ${leak}`);
}

const bodyFor = (w: Sweep, route: AnyRoute, t: Tenant): Payload | null => (needsBody(route) ? BODIES[keyOf(route)]!(t, ++w.n) : null);

/** A refusal of a row that is not the caller's: 404; a token that is no live link; a member's missing permission. */
function refused(route: AnyRoute, kinds: ParamKind[], caller: Caller, b: Tenant, res: Answer & { body: any }): boolean {
  const hasToken = kinds.some((k) => TOKEN_KINDS.has(k));
  return (
    res.status === 404 ||
    (hasToken && res.status === 400 && res.body?.error?.code === 'INVALID_INVITATION') ||
    (hasToken && res.status === 410 && res.body?.error?.code === 'LINK_USED') ||
    (caller === b.member && needsPermission(route) && res.status === 403)
  );
}

const kindsOf = (route: AnyRoute) => paramsOf(route.url).map((p) => paramKind(route.url, p)!);

/** 1. A's rows named in the path: refused, whoever of B asks. */
export async function foreignPaths(w: Sweep, routes: AnyRoute[]) {
  const { s, a, b } = w;
  for (const route of routes) {
    const kinds = kindsOf(route);
    if (kinds.every((k) => VALUE_KINDS.has(k))) continue;
    for (const url of fillings(route.url, (kind) => paramValues(a, kind, a.marker, true))) {
      for (const caller of [b.owner, b.member]) {
        const res = await send(s, route, url, caller, bodyFor(w, route, a), a);
        if (!refused(route, kinds, caller, b, res)) w.problems.push(`${keyOf(route)} as ${caller.name} with ${url}: expected a refusal (404), got ${res.status} ${excerpt(res.body)}`);
        checkLeaks(w, `${keyOf(route)} as ${caller.name} with ${url}`, res);
      }
    }
    await checkUnchanged(w, keyOf(route));
  }
}

/**
 * 2. Paths naming two rows or more, B's parent with A's child: each row param in turn is A's, the
 * others B's. A route that checks only the first id it is given (the project) and reads the next by
 * its id alone (the budget) is caught here, where pass 1 (all of A's) and pass 3 (all of B's) pass.
 */
export async function mixedPaths(w: Sweep, routes: AnyRoute[]) {
  const { s, a, b } = w;
  for (const route of routes) {
    const params = paramsOf(route.url);
    const kinds = kindsOf(route);
    const rows = params.filter((_p, i) => !VALUE_KINDS.has(kinds[i]!));
    if (rows.length < 2) continue;
    for (const foreign of rows) {
      let url = route.url;
      for (const [i, param] of params.entries()) {
        const owner = param === foreign ? a : b;
        url = url.replace(`:${param}`, encodeURIComponent(String(paramValues(owner, kinds[i]!, a.marker, false)[0])));
      }
      const res = await send(s, route, url, b.owner, bodyFor(w, route, b), b);
      const filteredOut = FILTER_PARAMS[keyOf(route)] && res.status === 200 && Array.isArray(res.body) && !res.body.length;
      if (!filteredOut && !refused(route, kinds, b.owner, b, res)) w.problems.push(`${keyOf(route)} as ${b.owner.name} with A's ${foreign} under B's other ids (${url}): expected a refusal (404), got ${res.status} ${excerpt(res.body)}`);
      checkLeaks(w, `${keyOf(route)} with A's ${foreign} under B's other ids`, res);
    }
    await checkUnchanged(w, `${keyOf(route)} (A's child under B's parent)`);
  }
}

/** 3. Every read of B's own rows and lists (searches for A's names included): nothing of A's in the answer. */
export async function ownReads(w: Sweep, routes: AnyRoute[]) {
  const { s, a, b } = w;
  for (const route of routes) {
    if (route.method !== 'GET' || NOT_LISTED[keyOf(route)]) continue;
    for (const url of fillings(route.url, (kind) => paramValues(b, kind, a.marker, true))) {
      for (const caller of [b.owner, b.member]) {
        const res = await send(s, route, url, caller, null, b);
        if (res.status >= 500) w.problems.push(`${keyOf(route)} as ${caller.name} with ${url}: ${res.status}`);
        checkLeaks(w, `${keyOf(route)} as ${caller.name} with ${url}`, res);
      }
    }
  }
  // Reads change nothing: one look at A's rows after them all (a snapshot per read doubled the pass on PostgreSQL).
  await checkUnchanged(w, "B's own reads");
}

/**
 * 4. A's ids in a body's id fields, B's everywhere else: refused, while the same body with B's ids
 * succeeds. Deletes come last, so the controls before them still find B's rows.
 */
export async function foreignBodyIds(w: Sweep, routes: AnyRoute[]) {
  const { s, a, b } = w;
  const deletesLast = [...routes].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
  for (const route of deletesLast) {
    const key = keyOf(route);
    const refs = bodyReferences(route, []);
    if (!refs.length) continue;
    const [url] = fillings(route.url, (kind) => paramValues(b, kind, a.marker, false));
    for (const { field, kind } of refs) {
      for (const foreign of a.ids[kind]) {
        const payload = bodyFor(w, route, b) as { json: Record<string, unknown> };
        const second = SECOND_SHAPES[key]?.(b, ++w.n) as { json: Record<string, unknown> } | undefined;
        const foreignBody = swapped(payload.json, field, foreign) ?? (second ? swapped(second.json, field, foreign) : null);
        if (!foreignBody) {
          w.problems.push(`the body for ${key} (BODIES) must send ${field}, so the sweep can swap in another company's id`);
          break;
        }
        const res = await send(s, route, url!, b.owner, { json: foreignBody }, b);
        if (![400, 404].includes(res.status)) w.problems.push(`${key} with company A's ${kind} ${foreign} in ${field}: expected 400 or 404, got ${res.status} ${excerpt(res.body)}`);
        checkLeaks(w, `${key} with company A's ${kind} in ${field}`, res);
      }
    }
    for (const body of [bodyFor(w, route, b), SECOND_SHAPES[key]?.(b, ++w.n)]) {
      if (!body) continue;
      const control = await send(s, route, url!, b.owner, body, b);
      if (control.status >= 300) w.problems.push(`${key}: the control with company B's own ids failed (${control.status} ${excerpt(control.body)}), so its refusals prove nothing`);
    }
    await checkUnchanged(w, `${key} (ids in the body)`);
  }
}

/**
 * 5. B's own rows, but acting in A through X-Company-Id: refused before anything happens. Account
 * routes act in no company: they ignore a header naming one the caller is not in (the tab falls
 * back to the default company), so for them only the answer and A's rows are checked.
 */
export async function foreignCompanyHeader(w: Sweep, routes: AnyRoute[]) {
  const { s, a, b } = w;
  for (const route of routes) {
    if (route.access === 'public') continue;
    const [url] = fillings(route.url, (kind) => paramValues(b, kind, a.marker, false));
    const res = await send(s, route, url!, b.owner, bodyFor(w, route, b), b, { 'x-company-id': String(a.companyId) });
    if (res.status < 400 && route.access !== 'user') w.problems.push(`${keyOf(route)} as ${b.owner.name} with X-Company-Id of company A: expected a refusal, got ${res.status}`);
    checkLeaks(w, `${keyOf(route)} with X-Company-Id of company A`, res);
  }
  await checkUnchanged(w, 'X-Company-Id of company A');
}
