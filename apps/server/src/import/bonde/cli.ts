import { parseArgs } from 'node:util';
import { translate } from '@mutirao/core';
import { INTEGRATIONS_SECRET_PURPOSE } from '../../communities/integrations';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { DataDirBusy, lockDataDir } from '../../db/embedded';
import { EXIT_DATA_DIR_BUSY } from '../../db/explain';
import { migrate } from '../../db/migrate';
import { SecretBox } from '../../telephony/secret';
import { formatReport, importBonde } from './run';

/**
 * `npm run import:bonde -- --from postgres://… [--apply] [--batch-size N]`: reads a Bonde database into the app's own
 * (DATABASE_URL, or the embedded database of DATA_DIR, as `npm start` opens it, migrated first). Dry run unless
 * `--apply`. Progress goes to stderr, the report to stdout.
 */
async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      apply: { type: 'boolean', default: false },
      'batch-size': { type: 'string' },
    },
  });
  const config = loadConfig();
  const t = (key: string) => translate(config.language, `bondeImport.${key}`);
  if (!values.from) {
    console.error(t('usage'));
    return 2;
  }
  const batchSize = values['batch-size'] === undefined ? 500 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    console.error(t('batchSizeInvalid'));
    return 2;
  }
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let target: Database | undefined;
  try {
    target = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl })
      : await openDatabase({ dataDir: config.dataDir });
    await migrate(target);
    const twilio = new SecretBox(config.telephony.secretKey ?? config.sessionSecret);
    const mailchimp = new SecretBox(config.mailing.secretKey ?? config.sessionSecret, 'mailchimp-api-key');
    const integrations = new SecretBox(config.sessionSecret, INTEGRATIONS_SECRET_PURPOSE);
    const report = await importBonde({
      from: values.from,
      target,
      apply: values.apply ?? false,
      batchSize,
      locale: config.language,
      progress: (line) => console.error(line),
      seal: {
        twilio: (p) => twilio.seal(p),
        mailchimp: (p) => mailchimp.seal(p),
        integrations: (p) => integrations.seal(p),
      },
    });
    console.log(formatReport(report, config.language));
    return 0;
  } finally {
    await target?.close();
    unlock();
  }
}

run()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof DataDirBusy) {
      console.error(translate(loadConfig().language, 'database.busy', { pid: error.pid, dir: error.dataDir }));
      process.exit(EXIT_DATA_DIR_BUSY);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
