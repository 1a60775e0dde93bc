import type { FastifyBaseLogger } from 'fastify';
import { weatherSummary, type LogWeather } from '../../resources/log.js';

/**
 * The weather at a check-in's position, from the service WEATHER_URL names: a URL template whose
 * `{lat}` and `{lng}` are replaced by the position, answering JSON in Open-Meteo's shape (its
 * `current_weather` object, or its newer `current` one). A check-in never waits on it for long nor
 * fails because of it: a timeout, an error status, or an answer without a usable reading is no
 * weather, logged with the service's origin only (a key in the URL stays out of the logs).
 */
export interface WeatherSettings {
  url: string | null;
  timeoutMs: number;
}

/** The largest answer read: a current-weather answer is a few hundred bytes. */
const MAX_BYTES = 64 * 1024;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v.length <= 64 ? v : null);

/** The reading in an Open-Meteo answer, or null when it holds none. */
export function readWeather(body: unknown): LogWeather | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, any>;
  const legacy = b.current_weather && typeof b.current_weather === 'object' ? b.current_weather : null;
  const current = b.current && typeof b.current === 'object' ? b.current : null;
  const source = legacy ?? current;
  if (!source) return null;
  const weather: LogWeather = legacy
    ? { temperature: num(legacy.temperature), windSpeed: num(legacy.windspeed), windDirection: num(legacy.winddirection), code: num(legacy.weathercode), summary: null, observedAt: str(legacy.time) }
    : {
        temperature: num(current.temperature_2m ?? current.temperature),
        windSpeed: num(current.wind_speed_10m ?? current.windspeed),
        windDirection: num(current.wind_direction_10m ?? current.winddirection),
        code: num(current.weather_code ?? current.weathercode),
        summary: null,
        observedAt: str(current.time),
      };
  if (weather.temperature === null && weather.code === null && weather.windSpeed === null) return null;
  const code = weather.code === null ? null : Math.trunc(weather.code);
  return { ...weather, code, summary: weatherSummary(code) };
}

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
};

/** Fetches the weather at the position, or answers null (no service, or any failure). */
export async function weatherAt(settings: WeatherSettings, log: FastifyBaseLogger, lat: number, lng: number): Promise<LogWeather | null> {
  if (!settings.url) return null;
  const url = settings.url.replaceAll('{lat}', String(lat)).replaceAll('{lng}', String(lng));
  const service = origin(url);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs), headers: { accept: 'application/json' }, redirect: 'follow' });
    if (!res.ok) {
      log.warn({ service, status: res.status }, 'weather service answered an error: check-in kept without weather');
      await res.body?.cancel();
      return null;
    }
    const text = await res.text();
    if (text.length > MAX_BYTES) {
      log.warn({ service }, 'weather service answer too large: check-in kept without weather');
      return null;
    }
    const weather = readWeather(JSON.parse(text));
    if (!weather) log.warn({ service }, 'weather service answer holds no reading: check-in kept without weather');
    return weather;
  } catch (err) {
    const reason = err instanceof Error ? err.name : 'error';
    log.warn({ service, reason }, 'weather service unreachable or unreadable: check-in kept without weather');
    return null;
  }
}
