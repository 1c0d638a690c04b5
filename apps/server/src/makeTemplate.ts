import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from './db/migrate';
import { saveTemplate, TEMPLATE_FILE, templateCurrent, templateKey } from './db/template';
import { migratedDump } from './migratedDump';

/**
 * `dist/template.js`, run by the build: makes the template of new embedded databases beside the bundle, unless the
 * one there was made by this same code from the same migrations and PGlite version.
 */
const self = fileURLToPath(import.meta.url);
const file = join(dirname(self), TEMPLATE_FILE);
const key = templateKey(migrationsFolder());
// This bundle holds everything that shapes the template (the job queues, pg-boss): a change to it remakes one.
const recipe = createHash('sha256').update(readFileSync(self)).digest('hex').slice(0, 16);
if (!templateCurrent(file, key, recipe)) {
  const started = performance.now();
  saveTemplate(file, await migratedDump('gzip'), key, recipe);
  console.log(`Embedded database template: ${TEMPLATE_FILE}, ${Math.round(performance.now() - started)} ms`);
}
