/** JSON columns hold text on both databases; a damaged value reads as the fallback rather than failing the request. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const nowIso = () => new Date().toISOString();
