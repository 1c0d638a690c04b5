/**
 * Dates and times as people read them: in the community's time zone (America/Sao_Paulo unless the community chose
 * another on its Informações screen), day first. Every date the admin shows, the reports write and the e-mails say
 * goes through these, with the community's zone.
 */

/** The zone of a community that chose none: Brasília time, where most communities are. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The zones a community may choose (IANA names): every zone of Brazil, then Latin America, the Iberian peninsula and
 * Portuguese-speaking Africa, a few others, and UTC. A short, fixed list rather than everything the browser knows, so
 * the browser, the server and PostgreSQL (which turns times into dates for the reports) know every name on it.
 */
export const TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Noronha',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Maceio',
  'America/Belem',
  'America/Araguaina',
  'America/Santarem',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Manaus',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Eirunepe',
  'America/Argentina/Buenos_Aires',
  'America/Asuncion',
  'America/Bogota',
  'America/Caracas',
  'America/La_Paz',
  'America/Lima',
  'America/Mexico_City',
  'America/Montevideo',
  'America/Santiago',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Atlantic/Azores',
  'Africa/Luanda',
  'Africa/Maputo',
  'UTC',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

export function isTimeZone(value: unknown): value is TimeZone {
  return typeof value === 'string' && (TIME_ZONES as readonly string[]).includes(value);
}

/** The zone to use for a stored setting: its own when it is one of ours, else the default. */
export const timeZoneOr = (value: string | null | undefined): TimeZone =>
  isTimeZone(value) ? value : DEFAULT_TIME_ZONE;

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar parts of an instant in a zone (formatters are kept per zone: making one costs more than using it). */
function partsIn(value: Date | string, timeZone: string): Parts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = {} as Parts;
  for (const p of format.formatToParts(date)) if (p.type in NAMES) parts[p.type as keyof Parts] = p.value;
  return parts;
}
const NAMES = { year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1 };

/** dd/mm/yyyy: the calendar day of an instant in the zone (the community's; São Paulo's when none is given). */
export function formatDate(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(value, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/mm/yyyy hh:mm, on a 24-hour clock, in the zone. */
export function formatDateTime(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(value, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 'UTC−03:00': how far the zone is from UTC at that instant (for the zone chooser's labels). */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  const p = partsIn(at, timeZone);
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const minutes = Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** 'yyyy-mm-dd hh:mm:ss' in the zone: the reports' date cells, a shape every spreadsheet reads as a date and time. */
export function spreadsheetDateTime(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * How the zone chooser names a zone: the zone's name in the reader's language, its IANA name and its offset now
 * ('Horário de Brasília — America/Sao_Paulo (UTC−03:00)').
 */
export function timeZoneLabel(timeZone: string, locale: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = utcOffset(timeZone, at);
  return name && !name.startsWith('GMT') ? `${name} — ${timeZone} (${offset})` : `${timeZone} (${offset})`;
}

/** 'YYYY-MM-DD': the calendar day of an instant in the zone (São Paulo's unless given), as a boleto's due date. */
export function calendarDay(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** How far the zone's clocks are ahead of UTC at the instant, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const p = partsIn(new Date(at), timeZone);
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show `local` ('YYYY-MM-DDTHH:mm', what a datetime-local input gives):
 * '2026-11-30T08:00' in São Paulo is 11:00 UTC. Undefined when `local` is not such a time. In the hour a change to
 * summer time skips, the clocks' later reading is taken.
 */
export function instantIn(local: string, timeZone: string = DEFAULT_TIME_ZONE): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day || new Date(wall).getUTCMonth() !== month - 1) return undefined;
  const guess = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, guess));
}

/** 'YYYY-MM-DDTHH:mm': what the zone's clocks show at the instant, as a datetime-local input takes it. */
export function localInputValue(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(value, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}
