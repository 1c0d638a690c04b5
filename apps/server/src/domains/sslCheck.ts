import { connect, rootCertificates } from 'node:tls';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { certificates, type SslStatus } from '../db/schema';
import { defineJob } from '../jobs/queue';

/** Where and how the check connects: port 443 of the host itself unless configured (tests, a private network). */
export interface SslCheckOptions {
  port: number;
  /** Connect here instead of resolving the host (the host is still the name sent and verified). */
  address?: string;
  /** Extra trusted roots, PEM (a private CA). */
  ca?: string;
  timeoutMs?: number;
}

/**
 * spec 01 §4 SSL check: a real TLS handshake with the host that validates the chain up to a trusted root and the
 * certificate's names against the host. 'ok' or 'failed', never an exception.
 */
export function checkTls(host: string, options: SslCheckOptions): Promise<{ status: SslStatus; detail?: string }> {
  return new Promise((resolve) => {
    const socket = connect({
      host: options.address ?? host,
      port: options.port,
      servername: host,
      ca: options.ca ? [...rootCertificates, options.ca] : undefined,
      rejectUnauthorized: true,
      timeout: options.timeoutMs ?? 10_000,
    });
    const done = (status: SslStatus, detail?: string) => {
      socket.destroy();
      resolve({ status, detail });
    };
    socket.once('secureConnect', () =>
      done(socket.authorized ? 'ok' : 'failed', String(socket.authorizationError ?? '')),
    );
    socket.once('error', (error) => done('failed', error.message));
    socket.once('timeout', () => done('failed', 'timeout'));
  });
}

/** spec 01 §9: a failed check is tried again every 60 seconds; a passed one is kept, with when it was checked. */
const RETRY_SECONDS = 60;

/**
 * Each minute, every allowed host not yet known to serve a valid certificate is checked: new ones ('checking') and
 * failed ones whose last check is a minute old. The result and its time are kept on the row, which the domain list
 * and the launch wizard show.
 */
export function sslCheckJob(db: Db, options: SslCheckOptions) {
  return defineJob({
    name: 'ssl-check',
    payload: z.object({}).passthrough(),
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '* * * * *',
    handle: async () => {
      const due = await db
        .select({ id: certificates.id, domain: certificates.domain })
        .from(certificates)
        .where(
          and(
            eq(certificates.isActive, true),
            or(
              isNull(certificates.sslStatus),
              eq(certificates.sslStatus, 'checking'),
              and(
                eq(certificates.sslStatus, 'failed'),
                or(
                  isNull(certificates.sslCheckedAt),
                  lt(certificates.sslCheckedAt, sql`now() - make_interval(secs => ${RETRY_SECONDS})`),
                ),
              ),
            ),
          ),
        )
        .limit(50);
      for (const row of due) {
        const { status } = await checkTls(row.domain, options);
        await db
          .update(certificates)
          .set({ sslStatus: status, sslCheckedAt: new Date(), updatedAt: new Date() })
          .where(eq(certificates.id, row.id));
      }
    },
  });
}
