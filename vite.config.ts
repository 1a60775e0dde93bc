import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built client is served by the API server under /app/ and /app-mobile/; assets live under /app/assets.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
