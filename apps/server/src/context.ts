import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Dns } from './dns/dns';
import type { EventBus } from './events/bus';
import type { AccessCache } from './http/accessCache';
import type { TokenService } from './http/tokens';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/outbox';
import type { Mailing } from './mailing/mailing';
import type { Chatbot } from './messaging/chatbot';
import type { Payments } from './payments/payments';
import type { Telephony } from './telephony/telephony';
import type { StorageDriver } from './uploads/storage';

/** Everything a route or job needs, built once per process by `createContext`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** The read replica (`DATABASE_REPLICA_URL`), when one is set beside a PostgreSQL primary. */
  replica?: Database;
  /**
   * Where the community's reports read: the replica when there is one, else the primary. Reads only, and they may
   * lag the primary by the replication delay; authorization still reads the primary.
   */
  reportDb: Db;
  tokens: TokenService;
  /** Sessions, memberships and the communities each user sees, kept in memory while changes are announced. */
  access: AccessCache;
  queue: JobQueue;
  mailer: Mailer;
  storage: StorageDriver;
  /** Committed changes that subscriptions and long polls wait for. */
  events: EventBus;
  telephony: Telephony;
  payments: Payments;
  dns: Dns;
  /** The communities' mailing lists (Mailchimp or the sandbox) and their sync jobs. */
  mailing: Mailing;
  /** The community chat bot (Messenger or the sandbox): mass messages and their fan-out. */
  chatbot: Chatbot;
}
