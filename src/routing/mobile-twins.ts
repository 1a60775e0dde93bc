/**
 * The screens the phone client (src/mobile/) has, by their path under the base without a leading
 * slash. A crew leader who opens one of these on the desktop lands on its mobile twin; the phone
 * client sends every other path to the desktop, so the two never send a path back and forth.
 */
const SAME_PATH = [
  '',
  'projects-list',
  'project-board/:projectId',
  'logs',
  'productions',
  'productions/create',
  'productions/:productionId',
  'damages/create',
  'outbox',
];

function segmentsMatch(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!/^\d+$/.test(b[i])) return null;
      params[a[i].slice(1)] = b[i];
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** The mobile path (with its query) of a desktop path, or null when the phone client has no such screen. */
export function mobileTwin(pathWithQuery: string): string | null {
  const [rawPath, query = ''] = pathWithQuery.replace(/^\/+/, '').split(/\?(.*)/s, 2);
  const path = rawPath.replace(/\/+$/, '');
  const search = query ? `?${query}` : '';
  if (SAME_PATH.some((p) => segmentsMatch(p, path))) return `${path}${search}`;
  // The desktop inspects a production section by section; the phone has one screen for it.
  const inspected = /^productions\/inspect\/(\d+)(\/.*)?$/.exec(path);
  if (inspected) return `productions/${inspected[1]}`;
  return null;
}
