import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two clients in one build, served by the API server: the desktop (index.html) under /app/ and the
// phone client for the field (mobile.html, src/mobile/) under /app-mobile/; assets of both live under /app/assets.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // The server reads the chunk graph to give the phone client's service worker its files.
    manifest: true,
    rollupOptions: { input: { main: 'index.html', mobile: 'mobile.html' } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
