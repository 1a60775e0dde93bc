import { useEffect, useState } from 'react';
import { apiFetch } from './http';

/** What GET /health tells clients about this server's settings. */
export interface ServerInfo {
  /** The upload limit in MB; null until known or when the server does not say. */
  maxUploadMb: number | null;
  /** The map tile URL template (MAP_TILE_URL); null until known or when the server does not say. */
  mapTileUrl: string | null;
}

const UNKNOWN: ServerInfo = { maxUploadMb: null, mapTileUrl: null };

/** The server's settings from GET /health, UNKNOWN until it answers (or when it cannot be asked). */
export function useServerInfo(): ServerInfo {
  const [info, setInfo] = useState<ServerInfo>(UNKNOWN);
  useEffect(() => {
    let live = true;
    apiFetch<{ maxUploadMb?: unknown; mapTileUrl?: unknown }>('/health', { anonymous: true, quiet: true })
      .then(({ data }) =>
        live &&
        setInfo({
          maxUploadMb: typeof data.maxUploadMb === 'number' ? data.maxUploadMb : null,
          mapTileUrl: typeof data.mapTileUrl === 'string' ? data.mapTileUrl : null,
        }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return info;
}
