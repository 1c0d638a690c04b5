import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  instantIn,
  isTimeZone,
  localInputValue,
  TIME_ZONES,
  timeZoneOr,
  utcOffset,
} from './dates';
import { communityInfoSchema } from './schemas/communities';

describe('dates in the community time zone', () => {
  const instant = '2026-11-28T01:30:00Z';

  it('São Paulo unless told otherwise: 01:30 UTC is still the 27th there', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Sao_Paulo');
    expect(formatDate(instant)).toBe('27/11/2026');
    expect(formatDateTime(instant)).toBe('27/11/2026 22:30');
  });

  it('the same instant is the 28th in Lisbon', () => {
    expect(formatDate(instant, 'Europe/Lisbon')).toBe('28/11/2026');
    expect(formatDateTime(new Date(instant), 'Europe/Lisbon')).toBe('28/11/2026 01:30');
    expect(formatDateTime(instant, 'UTC')).toBe('28/11/2026 01:30');
  });

  it('midnight is 00:00, not 24:00', () => {
    expect(formatDateTime('2026-11-28T03:00:00Z')).toBe('28/11/2026 00:00');
  });

  it('every zone of the list is one the runtime knows, with its offset', () => {
    for (const zone of TIME_ZONES) expect(() => formatDate(instant, zone)).not.toThrow();
    expect(utcOffset('America/Sao_Paulo', new Date(instant))).toBe('UTC−03:00');
    expect(utcOffset('UTC')).toBe('UTC+00:00');
    expect(utcOffset('America/Noronha', new Date(instant))).toBe('UTC−02:00');
  });

  it('a zone off the list is refused with a message, and never used', () => {
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneOr('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOr(null)).toBe(DEFAULT_TIME_ZONE);
    const base = { name: 'Comunidade', city: 'Recife' };
    expect(communityInfoSchema.safeParse({ ...base, time_zone: 'Europe/Lisbon' }).success).toBe(true);
    const bad = communityInfoSchema.safeParse({ ...base, time_zone: 'Mars/Olympus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['time_zone']);
    expect(bad.error?.issues[0]?.message).toContain('validation.timeZoneInvalid');
  });
});

describe('instantIn and localInputValue', () => {
  it('reads a wall time in the zone, and writes it back', () => {
    expect(instantIn('2026-11-30T08:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(instantIn('2026-07-01T08:00', 'Europe/Lisbon')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(instantIn('2026-01-01T08:00', 'Europe/Lisbon')?.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(localInputValue('2026-11-30T11:00:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-30T08:00');
    for (const bad of ['2026-02-30T08:00', '2026-11-30T24:00', '30/11/2026 08:00', ''])
      expect(instantIn(bad, 'America/Sao_Paulo'), bad).toBeUndefined();
  });
});
