import { dayIn, formatInstant, isTimeZone, timeZoneLabel, todayIn } from '../../../resources/time-zone';
import { capitalizeWords } from '../../../src/forms/masks';

describe('formatInstant', () => {
  it("writes an instant in the zone, named by its short name, winter and summer (DST)", () => {
    expect(formatInstant('2026-11-27T21:04:00Z', 'America/Chicago')).toBe('Nov 27, 2026, 3:04 PM CST');
    expect(formatInstant('2026-07-01T17:00:00Z', 'America/Chicago')).toBe('Jul 1, 2026, 12:00 PM CDT');
    expect(formatInstant(new Date('2026-07-01T17:00:00Z'), 'America/Phoenix')).toBe('Jul 1, 2026, 10:00 AM MST');
    expect(formatInstant('2026-11-27T21:04:00Z', 'UTC')).toBe('Nov 27, 2026, 9:04 PM UTC');
  });

  it('crosses the day where the zone does: late on the 27th in Chicago is the 28th in UTC', () => {
    expect(formatInstant('2026-11-28T04:30:00Z', 'America/Chicago')).toBe('Nov 27, 2026, 10:30 PM CST');
    expect(dayIn('2026-11-28T04:30:00Z', 'America/Chicago')).toBe('2026-11-27');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
  });

  it('names a zone without a common short name by its IANA name, in both halves of the year', () => {
    expect(formatInstant('2026-11-27T21:04:00Z', 'Asia/Kolkata')).toBe('Nov 28, 2026, 2:34 AM Asia/Kolkata');
    expect(formatInstant('2026-11-27T21:04:00Z', 'Europe/Paris')).toBe('Nov 27, 2026, 10:04 PM Europe/Paris');
    expect(formatInstant('2026-07-01T12:00:00Z', 'Europe/Paris')).toBe('Jul 1, 2026, 2:00 PM Europe/Paris');
    expect(timeZoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(timeZoneLabel('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe('CST');
  });

  it('falls back to UTC, saying so, for an unknown zone, and hands back what is not an instant', () => {
    expect(formatInstant('2026-11-27T21:04:00Z', 'Mars/Olympus')).toBe('Nov 27, 2026, 9:04 PM UTC');
    expect(formatInstant('2026-11-27T21:04:00Z', null)).toBe('Nov 27, 2026, 9:04 PM UTC');
    expect(formatInstant('not a date', 'America/Chicago')).toBe('not a date');
  });

  it('accepts IANA zones only', () => {
    expect(['UTC', 'America/Chicago', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'].every(isTimeZone)).toBe(true);
    expect(['', 'Mars/Olympus', 'America/Chicago; drop', 'Chicago'].some(isTimeZone)).toBe(false);
  });
});

describe('capitalizeWords (person names)', () => {
  it('raises the first letter of a word typed in lowercase and never lowers or rewrites anything else', () => {
    expect(capitalizeWords('maria de la cruz')).toBe('Maria De La Cruz');
    expect(capitalizeWords('McDonald')).toBe('McDonald');
    expect(capitalizeWords('JOHN O\u2019NEIL')).toBe('JOHN O\u2019NEIL');
    expect(capitalizeWords('anne-marie  smith ')).toBe('Anne-marie  Smith ');
  });
});
