import { type Locale, translate } from '@mutirao/core';
import { backupsDir, listSnapshots, pgliteDir } from './embedded';

/** Exit codes a process manager can tell apart from a crash (1). */
export const EXIT_DATABASE_UNOPENABLE = 3;
export const EXIT_DATA_DIR_BUSY = 4;

/** '2 hours ago' in the given language. */
export function ageOf(date: Date, locale: Locale, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, 'second');
}

/**
 * What a person needs when the embedded database will not open: that the folder was kept untouched, the newest
 * snapshot and its age, and the exact command that puts it back.
 */
export function explainUnopenable(config: { dataDir: string; language: Locale }): string {
  const t = (key: string, params?: Record<string, string | number>) => translate(config.language, key, params);
  const [last] = listSnapshots(config.dataDir);
  const lines = [t('database.cannotOpen', { dir: pgliteDir(config.dataDir) })];
  if (last) {
    lines.push(t('database.lastSnapshot', { file: last.file, age: ageOf(last.takenAt, config.language) }));
    const dataDir = process.env.DATA_DIR ? `DATA_DIR=${process.env.DATA_DIR} ` : '';
    lines.push(t('database.restoreHint', { command: `${dataDir}npm run db:restore` }));
  } else {
    lines.push(t('database.noSnapshot', { dir: backupsDir(config.dataDir) }));
  }
  return lines.join('\n');
}
