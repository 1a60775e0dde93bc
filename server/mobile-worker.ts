import { createHash } from 'node:crypto';

/** Vite's build manifest (build.manifest): each chunk by its source, with what it imports. */
type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }>;

/**
 * The files the phone client needs to open offline: the mobile entry's chunks, its screens'
 * chunks (loaded later, but needed on site) and their styles, none of the desktop's.
 */
export function mobileFiles(manifest: ViteManifest, entry = 'mobile.html'): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((f) => files.add(f));
    chunk.assets?.forEach((f) => files.add(f));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.forEach(visit);
  };
  visit(entry);
  return [...files].filter((f) => !f.endsWith('.html')).map((f) => `/app/${f}`);
}

export const MOBILE_MANIFEST = {
  name: 'Fieldwork',
  short_name: 'Fieldwork',
  description: 'Check in, record production and report damages from the field, with or without signal.',
  id: '/app-mobile/',
  start_url: '/app-mobile/',
  scope: '/app-mobile/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#ffffff',
  theme_color: '#0b1f3a',
  icons: [
    { src: '/app/mobile-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
    { src: '/app/mobile-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
};

/**
 * The phone client's service worker: the shell and every screen's code kept for offline use, the
 * page itself from the network when it answers in time and from the kept copy otherwise. Reads of
 * the API are kept by the app (src/mobile/data/cached-read.ts), per person and company, not here.
 * Its text changes with the build, so a new build replaces the worker and its caches.
 */
export function mobileWorker(mobileHtml: string, files: string[]): string {
  const build = createHash('sha256').update(mobileHtml).update(files.join()).digest('hex').slice(0, 16);
  const precache = [...files, '/app/mobile-icon-192.png', '/app/mobile-icon-512.png', '/app/favicon.svg'];
  return `// Fieldwork mobile service worker, build ${build}
const CACHE = 'fieldwork-mobile-${build}';
const SHELL = '/app-mobile/';
const FILES = ${JSON.stringify(precache)};
const PAGE_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('fieldwork-mobile-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function pageFromNetwork(request) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('slow')), PAGE_TIMEOUT_MS);
    fetch(request).then((response) => {
      clearTimeout(timer);
      if (response.ok) caches.open(CACHE).then((cache) => cache.put(SHELL, response.clone()));
      resolve(response);
    }, (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/app-mobile/')) {
    event.respondWith(pageFromNetwork(request).catch(() => caches.match(SHELL).then((kept) => kept || fetch(request))));
    return;
  }
  if (FILES.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
  }
});
`;
}
