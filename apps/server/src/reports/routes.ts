import { Readable } from 'node:stream';
import { spreadsheetDateTime, translate } from '@mutirao/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findCommunityFor } from '../communities/service';
import { timeZoneOf } from '../communities/timeZone';
import type { AppContext } from '../context';
import { localeOf } from '../http/locale';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { activistActionsCsv } from './activistActions';
import { activistsCsv } from './activists';
import { copyOutOf } from './copy';
import { donationsCsv, subscriptionsCsv } from './donations';
import { type ReportReader, readerIn } from './reader';

/**
 * Sends a report as a file download. One batch in hand while the socket drains the last: the next query waits for
 * the client, so memory stays flat.
 */
export function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncIterable<string | Buffer>) {
  reply.headers({
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  return reply.send(Readable.from(chunks, { highWaterMark: 1 }));
}

/**
 * The community reports answer "no data" as `204 No Content` with no body (spec 01 §8's 'Nao foi encontrado nenhum
 * dado para ser exportado'): the first batch is read before answering, and when it holds no row there is no file.
 * Otherwise the header and that first batch go out, then the rest as it is read.
 */
async function sendCsvOrNoContent(reply: FastifyReply, filename: string, report: AsyncGenerator<string | Buffer>) {
  const header = await report.next();
  const first = await report.next();
  if (header.done || first.done) {
    await report.return(undefined);
    return reply.status(204).header('cache-control', 'no-store').send();
  }
  async function* whole() {
    yield header.value as string | Buffer;
    yield first.value as string | Buffer;
    yield* report;
  }
  return sendCsv(reply, filename, whole());
}

/** Today in the community's zone, for the file's name. */
export const today = (reader: ReportReader) => spreadsheetDateTime(new Date(), reader.timeZone).slice(0, 10);

/** The community's reports. A widget's own export (a form's entries) is the widget kind's: `widgets/exportRoutes.ts`. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  /**
   * The community's four reports (spec 01 §7): any member of the community (role 1 or 2) or a platform admin, as the
   * community's other screens (`findCommunityFor`, the shared policy); anyone else gets the 404 a missing community
   * gets. The subscriptions report is a POST in the spec; it takes no body. A report with no row is a 204. Membership
   * is read on the primary; the rows on the read replica when `DATABASE_REPLICA_URL` is set.
   */
  const reports = {
    'activist_actions.csv': { method: 'GET', prefix: 'communityReports.actionsFilePrefix', rows: activistActionsCsv },
    'activists.csv': { method: 'GET', prefix: 'communityReports.activistsFilePrefix', rows: activistsCsv },
    'donation_reports.csv': { method: 'GET', prefix: 'donationReports.donationsFilePrefix', rows: donationsCsv },
    'download_subscriptions.csv': {
      method: 'POST',
      prefix: 'donationReports.subscriptionsFilePrefix',
      rows: subscriptionsCsv,
    },
  } as const;
  for (const [path, report] of Object.entries(reports)) {
    r.route({
      method: report.method,
      url: `/api/communities/:id/${path}`,
      preValidation: signedIn(ctx),
      schema: { params: idParams },
      handler: async (request, reply) => {
        const { community } = await findCommunityFor(ctx.db, actorIn(request), request.params.id);
        const reader = readerIn(localeOf(request), timeZoneOf(community));
        const filename = `${translate(reader.locale, report.prefix)}-${community.id}-${today(reader)}.csv`;
        return sendCsvOrNoContent(
          reply,
          filename,
          report.rows(ctx.reportDb, community.id, reader, copyOutOf(ctx.replica ?? ctx.database)),
        );
      },
    });
  }
}
