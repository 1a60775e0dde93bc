import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startOutbox } from '../offline/start-outbox';
import { MobileApp } from './MobileApp';

// What waits on the phone goes now, when the connection returns and whenever the app comes back.
startOutbox();
// The shell and the screens' code open without a connection once the worker has them (server/mobile-worker.ts;
// the Vite dev server has no worker, and the registration fails quietly there).
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/app-mobile/sw.js', { scope: '/app-mobile/' }).catch(() => undefined));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/app-mobile">
      <MobileApp />
    </BrowserRouter>
  </StrictMode>,
);
