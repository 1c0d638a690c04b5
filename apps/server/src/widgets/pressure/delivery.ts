import { type Actor, formatTarget, parseTargets } from '@mutirao/core';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { findMobilizationFor } from '../../mobilizations/service';
import { findPageWidget } from '../service';
import { phoneDeliveries } from './phoneDelivery';

/** The e-mails to one target, by state: waiting (queued or being sent), sent, failing and being retried, bounced. */
export interface TargetDelivery {
  target: string;
  name: string;
  address: string;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
}

/**
 * The organiser's delivery view of a pressure widget: for each of its targets (and any address it mailed before the
 * targets changed), how many e-mails wait, went out, are failing or bounced. One grouped read of the outbox through
 * `outbox_widget_idx`; a phone pressure's calls instead (`phoneDelivery.ts`). Another community's page or widget is the same 404 as a missing one.
 */
export async function pressureDeliveries(db: Db, actor: Actor, mobilizationId: number, widgetId: number) {
  await findMobilizationFor(db, actor, mobilizationId);
  const widget = await findPageWidget(db, mobilizationId, widgetId);
  if (widget.kind === 'pressure-phone') return phoneDeliveries(db, widget);
  const rows = await db
    .select({ address: outbox.toAddress, status: outbox.status, n: count() })
    .from(outbox)
    .where(and(eq(outbox.widgetId, widget.id), eq(outbox.kind, 'pressure-target')))
    .groupBy(outbox.toAddress, outbox.status);
  const byAddress = new Map<string, TargetDelivery>();
  const entry = (name: string, address: string) => {
    let found = byAddress.get(address);
    if (!found) {
      found = {
        target: formatTarget({ name, address, channel: 'email' }),
        name,
        address,
        queued: 0,
        sent: 0,
        failed: 0,
        bounced: 0,
      };
      byAddress.set(address, found);
    }
    return found;
  };
  for (const t of parseTargets(widget.settings.targets)) entry(t.name, t.address);
  for (const row of rows) {
    const e = entry(byAddress.get(row.address)?.name ?? row.address, row.address);
    const n = Number(row.n);
    if (row.status === 'sent') e.sent += n;
    else if (row.status === 'bounced') e.bounced += n;
    else if (row.status === 'failed') e.failed += n;
    else e.queued += n;
  }
  return [...byAddress.values()];
}
