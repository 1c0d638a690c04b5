import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from './db/migrate';
import { saveTemplate, TEMPLATE_FILE, templateCurrent, templateKey } from './db/template';
import { migratedDump } from './migratedDump';

/**
 * `dist/template.js`, run by the build: makes the template of new embedded databases beside the bundle, unless the
 * one there was made from the same migrations and PGlite and pg-boss versions.
 */
const file = join(dirname(fileURLToPath(import.meta.url)), TEMPLATE_FILE);
const key = templateKey(migrationsFolder());
if (!templateCurrent(file, key)) {
  const started = performance.now();
  saveTemplate(file, await migratedDump('gzip'), key);
  console.log(`Embedded database template: ${TEMPLATE_FILE}, ${Math.round(performance.now() - started)} ms`);
}
