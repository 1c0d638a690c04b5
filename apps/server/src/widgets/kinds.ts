import type { SettingSchemas } from '@mutirao/core';
import { type MessageKey, WIDGET_KIND_DEFINITIONS, type WidgetKind } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import type { ActionTable } from '../actions/data';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { Widget } from '../db/schema';
import type { CopyOut } from '../reports/copy';
import { formEntriesCsv } from '../reports/formEntries';
import type { ReportReader } from '../reports/reader';
import { donationRoutes } from './donation/routes';
import { formEntryRoutes } from './form/routes';
import { phonePressureRoutes } from './pressure/phone';
import { pressureRoutes } from './pressure/routes';

/** A kind's CSV export of its actions: the rows, streamed, and the name the file starts with. */
export interface KindExport {
  filePrefix: MessageKey;
  /** With `copyOut` (PostgreSQL), the rows come from one COPY; without it, from keyset batches. */
  rows(db: Db, widget: Widget, reader: ReportReader, copyOut?: CopyOut): AsyncIterable<string | Buffer>;
}

/**
 * One widget kind on the server. Each kind is a module in `widgets/<kind>/`; this map is the one place that lists
 * them, and leaving a kind out is a compile error.
 */
export interface ServerWidgetKind {
  /** The settings keys the server checks on every save, with core's schemas (shared with the settings tabs). */
  settings: SettingSchemas;
  /** The visitor's routes: submissions and live counts, on public hosts and the admin host alike. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /**
   * The table whose rows are this kind's actions, counted per widget by the counting triggers (`count`): the rows
   * that count as `actions/sources.ts` says (a paid donation, a completed call).
   */
  counts?: ActionTable;
  /** The organiser's CSV export of the actions (`GET /mobilizations/{id}/form_entries.csv?widget_id=`). */
  export?: KindExport;
  /** The demo seed adds a block named `block` holding one widget of this kind to the demo page `page` (a slug). */
  demo?: { page: string; block: string; settings: Record<string, unknown> };
}

const later = (kind: WidgetKind, extra: Partial<ServerWidgetKind> = {}): ServerWidgetKind => ({
  settings: WIDGET_KIND_DEFINITIONS[kind].settings,
  ...extra,
});

export const SERVER_WIDGET_KINDS = {
  draft: later('draft'),
  content: later('content'),
  form: {
    settings: WIDGET_KIND_DEFINITIONS.form.settings,
    routes: formEntryRoutes,
    counts: 'form_entries',
    export: { filePrefix: 'formEntries.csvFilePrefix', rows: formEntriesCsv },
  },
  pressure: later('pressure', { counts: 'activist_pressures', routes: pressureRoutes }),
  'pressure-phone': later('pressure-phone', { counts: 'twilio_calls', routes: phonePressureRoutes }),
  phone: later('phone'),
  donation: later('donation', { counts: 'donations', routes: donationRoutes }),
  plip: later('plip'),
  busao0800: later('busao0800', {
    demo: { page: 'tarifa-zero-recife', block: 'Calculadora do transporte', settings: {} },
  }),
} as const satisfies Record<WidgetKind, ServerWidgetKind>;

/** The server module of a stored kind. */
export function serverKind(kind: WidgetKind): ServerWidgetKind {
  return SERVER_WIDGET_KINDS[kind];
}
