#!/usr/bin/env node
// Builds the client with vite when dist/client is missing or older than its sources, so
// `npm start` on a fresh clone serves the app without a separate build step, and a restart
// after pulling new client code does not serve a stale bundle. Used by `prestart` and by
// scripts/test.mjs before the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the client bundle is made from (resources/ and permissions/ are shared with the server). */
export const CLIENT_INPUTS = ['src', 'resources', 'permissions', 'public', 'index.html', 'mobile.html', 'vite.config.ts'];
const OUTPUT = path.join('dist', 'client', 'index.html');

/** The newest file under the given paths: { file, mtimeMs } (null when none exist). */
function newestInput(root) {
  let newest = null;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return; // an input that does not exist yet (public/) is simply not an input
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.')) visit(path.join(p, name));
    } else if (!newest || st.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, p), mtimeMs: st.mtimeMs };
    }
  };
  for (const input of CLIENT_INPUTS) visit(path.join(root, input));
  return newest;
}

/** Why the client needs building, or null when dist/client is current. */
export function buildReason(root = ROOT) {
  const out = path.join(root, OUTPUT);
  if (!existsSync(out)) return `${OUTPUT} is missing`;
  const newest = newestInput(root);
  const builtAt = statSync(out).mtimeMs;
  if (newest && newest.mtimeMs > builtAt) return `${newest.file} is newer than the build`;
  return null;
}

/**
 * Builds when needed. Returns { built, skipped?, reason }; throws when vite fails.
 * Without index.html there is no client to build yet: the API still starts, so that is not an error.
 */
export function buildIfMissing({ root = ROOT, log = console.log } = {}) {
  if (!existsSync(path.join(root, 'index.html'))) {
    log('Client build skipped: there is no client yet (index.html is missing); the API still starts.');
    return { built: false, skipped: true, reason: 'no index.html' };
  }
  const reason = buildReason(root);
  if (!reason) {
    log(`Client build is up to date (${path.join('dist', 'client')}).`);
    return { built: false, reason: 'up to date' };
  }
  log(`Building the client with vite: ${reason} ...`);
  const started = Date.now();
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const res = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    throw new Error(`vite build failed (${res.error?.message ?? `exit code ${res.status ?? res.signal}`})`);
  }
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { built: true, reason };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfMissing();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
