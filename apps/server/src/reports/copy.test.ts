import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityWithMembers } from '../../test/community';
import { downloadCsv, parseCsv } from '../../test/csv';
import { createFormPage, formSettings } from '../../test/formPage';
import { eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { openDatabase } from '../db/client';
import { activists, type Widget, widgets } from '../db/schema';
import { createActivist, createDonation, createPressure } from '../seed/factories';
import { activistsCsv } from './activists';
import { copyOutOf } from './copy';
import { formEntriesCsv } from './formEntries';
import { EXPORT_BATCH } from './keyset';
import { readerIn } from './reader';

/*
 * The exports' COPY path (PostgreSQL) against the batches that format in Node (the PGlite path, and the output as it
 * was): the same bytes for awkward values. On PGlite there is no COPY, so the batches are checked against the bytes
 * they have always written.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const onPostgres = () => server.ctx.database.kind === 'postgres';

async function bytesOf(chunks: AsyncIterable<string | Buffer>) {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(parts);
}

/** Strings a CSV writer can get wrong, one per cell. */
const AWKWARD = [
  'Conceição "Ção" D\'Ávila, da Várzea',
  'linha 1\nlinha 2',
  'com\r\nCRLF',
  'só CR\r',
  '=SOMA(A1:A2)',
  '+55 11 99999-0000',
  '-1',
  '@bia',
  '\tcom tab',
  '\rcomeça com CR',
  '',
  ' espaço ',
  '\\.',
  '"',
  ',',
  'emoji ✊🏽 e acentos ãõç',
  "'já com apóstrofo",
  'NULL',
];

async function insertEntries(
  widgetId: number,
  mobilizationId: number,
  rows: { fields: unknown; activistId?: number }[],
) {
  for (const [i, row] of rows.entries())
    await server.ctx.db.execute(sql`
      insert into form_entries (widget_id, mobilization_id, activist_id, fields, created_at)
      values (${widgetId}, ${mobilizationId}, ${row.activistId ?? null}, ${JSON.stringify(row.fields)}::jsonb,
        ${new Date(Date.UTC(2026, 2, 1, 8, 0, i, 999)).toISOString()})`);
}

const field = (uid: string | undefined, label: unknown, value?: unknown) => ({
  ...(uid === undefined ? {} : { uid }),
  kind: 'text',
  label,
  ...(value === undefined ? {} : { value }),
});

/** A form page whose entries hold every shape `entryLine` has to deal with. */
async function awkwardForm() {
  const page = await createFormPage(server.ctx.db);
  const communityId = page.communityId;
  const named = async (email: string, name: string | null, phone: string | null) => {
    const [a] = await server.ctx.db
      .insert(activists)
      .values({ communityId, email, name, phone, city: phone })
      .returning();
    return a?.id as number;
  };
  const ids = [
    await named(`eq-${page.form.id}@example.org`, '=Ana', ''),
    await named(`nul-${page.form.id}@example.org`, null, null),
    await named(`q-${page.form.id}@example.org`, 'Bia "B", da Silva\nnova linha', '-55 81'),
  ];
  const laidOut = (values: unknown[]) =>
    ['f-nome', 'f-email', 'f-fone', 'f-bairro', 'f-idade'].map((uid, i) => field(uid, `L${i}`, values[i]));
  const rows: { fields: unknown; activistId?: number }[] = [];
  // Laid out as the form sends them, five awkward strings at a time.
  for (let i = 0; i < AWKWARD.length; i += 5)
    rows.push({ fields: laidOut(AWKWARD.slice(i, i + 5)), activistId: ids[i % 3] });
  rows.push(
    // Values that are not strings, written as JavaScript writes them.
    { fields: laidOut([1.0, 0.1, -0, 1e21, 123456789012345680000]) },
    { fields: laidOut([1e-7, 0.000001, true, false, null]) },
    { fields: laidOut([[1, null, 'a', [2, [3]], { x: 1 }], {}, [], 45640706970420020, -12.5e-3]) },
    // Out of order, duplicated (the last wins, even without a value), a removed field, a field known by its label.
    {
      fields: [
        field('f-email', 'E-mail', 'second@example.org'),
        field('f-nome', 'Nome', 'primeiro'),
        field('f-nome', 'Nome', '=segundo'),
        field('f-fone', 'Telefone', 'tem'),
        field('f-fone', 'Telefone'),
        field('f-antigo', 'Campo removido', 'valor, antigo'),
        field(undefined, 'Cidade antiga', 'Olinda'),
        field('', 'Cidade antiga', 'Recife'),
      ],
      activistId: ids[1],
    },
    // Labels that are not strings, and no label.
    {
      fields: [field(undefined, 7, 'sete'), field(undefined, null, 'sem rótulo'), field(undefined, ['a', 1], 'lista')],
    },
    // Elements that are not objects (an array counts as a label-less field without a value).
    {
      fields: [null, 3, 'texto', field(undefined, undefined, 'antes'), ['x'], field('f-bairro', 'Bairro', 'Boa Vista')],
    },
    // Not an array at all, or empty.
    { fields: { uid: 'f-nome', value: 'objeto' } },
    { fields: 'texto' },
    { fields: [] },
    // A uid that is not a string is known by its label.
    { fields: [{ uid: 5, label: 'Número', value: 'cinco' }, field('f-nome', 'Nome', 'com uid')] },
  );
  await insertEntries(page.form.id, page.page.id, rows);
  const [widget] = await server.ctx.db.select().from(widgets).where(sql`${widgets.id} = ${page.form.id}`);
  return { ...page, widget: widget as Widget };
}

describe('the form-entries export by COPY', () => {
  it('writes the same bytes as the batches, on awkward values, through the route', async () => {
    const { widget, page, organiserEmail } = await awkwardForm();
    const batches = await bytesOf(formEntriesCsv(server.ctx.db, widget, readerIn('pt-BR')));
    const organiser = await signIn(server, organiserEmail);
    const { res, bytes } = await downloadCsv(
      server.url,
      organiser.cookie('session'),
      'GET',
      `/api/mobilizations/${page.id}/form_entries.csv?widget_id=${widget.id}`,
    );
    expect(res.status).toBe(200);
    expect(Buffer.from(bytes).toString()).toBe(batches.toString());
    expect(Buffer.from(bytes).equals(batches)).toBe(true);
    const copyOut = copyOutOf(server.ctx.database);
    expect(copyOut === undefined).toBe(!onPostgres());
    if (copyOut)
      expect((await bytesOf(formEntriesCsv(server.ctx.db, widget, readerIn('es'), copyOut))).toString()).toBe(
        (await bytesOf(formEntriesCsv(server.ctx.db, widget, readerIn('es')))).toString(),
      );
  });

  it('tells a uid that a number or a boolean could spell from that number or boolean', async () => {
    const fields = ['5', 'true', '[x]', 'x'].map((uid) => ({
      uid,
      kind: 'text' as const,
      label: `Campo ${uid}`,
      placeholder: '',
      required: 'false' as const,
    }));
    const page = await createFormPage(server.ctx.db, { settings: formSettings(fields) });
    const laid = (uids: unknown[]) => uids.map((uid, i) => ({ uid, label: `L${i}`, value: `v${i}` }));
    await insertEntries(page.form.id, page.page.id, [
      { fields: laid(['5', 'true', '[x]', 'x']) },
      { fields: laid([5, true, ['x'], 'x']) },
      { fields: laid([5, 'true', '[x]', 'x']) },
      { fields: [...laid(['5', 'true', '[x]', 'x']).slice(0, 3), { uid: 'x', label: 'L3', value: 12 }] },
    ]);
    const [widget] = await server.ctx.db.select().from(widgets).where(sql`${widgets.id} = ${page.form.id}`);
    const batches = await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR')));
    expect(batches.toString()).toContain('\r\nv0,v1,v2,v3,');
    const copyOut = copyOutOf(server.ctx.database);
    if (copyOut)
      expect(
        (await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR'), copyOut))).toString(),
      ).toBe(batches.toString());
  });

  it('keeps each entry’s layout as written, and reads by position only the entries laid out as the form is now', async () => {
    const text = (uid: string) => ({
      uid,
      kind: 'text' as const,
      label: `Campo ${uid}`,
      placeholder: '',
      required: 'false' as const,
    });
    const page = await createFormPage(server.ctx.db, { settings: formSettings(['a', 'b', 'c'].map(text)) });
    const laid = (uids: string[], value = (i: number) => `v${i}` as unknown) =>
      uids.map((uid, i) => ({ uid, label: `L${uid}`, value: value(i) }));
    await insertEntries(page.form.id, page.page.id, [
      { fields: laid(['a', 'b', 'c']) },
      { fields: laid(['a', 'b', 'c'], (i) => (i === 1 ? 2 : `=v${i}`)) },
      { fields: [...laid(['a', 'b']), { uid: 'c', label: 'Lc' }] },
      { fields: { uid: 'a', value: 'x' } },
    ]);
    // The organiser reorders the form, drops a field and adds one; later entries follow the new form.
    await server.ctx.db
      .update(widgets)
      .set({ settings: formSettings(['c', 'a', 'd'].map(text)) })
      .where(sql`${widgets.id} = ${page.form.id}`);
    await insertEntries(page.form.id, page.page.id, [
      { fields: laid(['c', 'a', 'd']) },
      { fields: laid(['a', 'b', 'c']) },
    ]);
    const layouts = (await server.ctx.db.execute(
      sql`select layout from form_entries where widget_id = ${page.form.id} order by id`,
    )) as unknown as { rows: { layout: string | null }[] };
    expect(layouts.rows.map((r) => r.layout)).toEqual([
      '["a", "b", "c"]',
      null,
      null,
      null,
      '["c", "a", "d"]',
      '["a", "b", "c"]',
    ]);
    const [widget] = await server.ctx.db.select().from(widgets).where(sql`${widgets.id} = ${page.form.id}`);
    const batches = await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR')));
    expect(
      batches
        .toString()
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',').slice(0, 4).join(',')),
    ).toEqual(['v2,v0,,v1', "'=v2,'=v0,,2", ',v0,,v1', ',,,', 'v0,v1,v2,', 'v2,v0,,v1']);
    const copyOut = copyOutOf(server.ctx.database);
    if (copyOut)
      expect(
        (await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR'), copyOut))).toString(),
      ).toBe(batches.toString());
  });

  it('keeps the batches writing what they always wrote, times in the community’s zone', async () => {
    const page = await createFormPage(server.ctx.db);
    await insertEntries(page.form.id, page.page.id, [
      { fields: [field('f-nome', 'Nome', '=1+1'), field('f-email', 'E-mail', 'a "b", c'), field('f-fone', 'T', '')] },
      { fields: [field('f-nome', 'Nome', 2.5), field('f-velho', 'Velho', 'x\ny'), field(undefined, 'Sem uid', 'ç✊')] },
    ]);
    const [widget] = await server.ctx.db.select().from(widgets).where(sql`${widgets.id} = ${page.form.id}`);
    const text = (await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR')))).toString();
    expect(text).toBe(
      '\uFEFFNome,E-mail,Telefone,Bairro,Idade,Velho (campo removido),Sem uid (campo removido),' +
        'Nome (ativista),E-mail (ativista),Telefone (ativista),Data de envio (America/Sao_Paulo),Origem\r\n' +
        `'=1+1,"a ""b"", c",,,,,,,,,2026-03-01 05:00:00,Página da mobilização\r\n` +
        `2.5,,,,,"x\ny",ç✊,,,,2026-03-01 05:00:01,Página da mobilização\r\n`,
    );
  });

  it('streams many entries across chunks with every line ending in CRLF', async () => {
    const page = await createFormPage(server.ctx.db);
    const count = EXPORT_BATCH * 2 + 7;
    await server.ctx.db.execute(sql`
      insert into form_entries (widget_id, mobilization_id, fields, created_at)
      select ${page.form.id}, ${page.page.id},
        jsonb_build_array(jsonb_build_object('uid', 'f-nome', 'label', 'Nome', 'value', 'Pessoa ' || i || E'\n"x"'),
          jsonb_build_object('uid', 'f-email', 'label', 'E-mail', 'value', '=' || i)),
        timestamptz '2026-01-01 00:00:00+00' + i * interval '1 second'
      from generate_series(1, ${count}) i`);
    const [widget] = await server.ctx.db.select().from(widgets).where(sql`${widgets.id} = ${page.form.id}`);
    const batches = await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR')));
    const copyOut = copyOutOf(server.ctx.database);
    if (!copyOut) return;
    const copied = await bytesOf(formEntriesCsv(server.ctx.db, widget as Widget, readerIn('pt-BR'), copyOut));
    expect(copied.length).toBe(batches.length);
    expect(copied.equals(batches)).toBe(true);
    expect(copied.toString().split('\r\n')).toHaveLength(count + 2);
  });
});

describe('the activists report by COPY', () => {
  it('writes the same bytes as the batches, on awkward values, through the route', async () => {
    const found = await communityWithMembers(server.ctx.db, `copy-${Date.now()}`, {
      name: 'Campanha',
      blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }] }],
    });
    const { community, page, admin } = found;
    const [form, pressure] = page.widgets;
    if (!form || !pressure) throw new Error('no widgets');
    const db = server.ctx.db;
    const made: number[] = [];
    for (const [i, text] of AWKWARD.entries()) {
      const [a] = await db
        .insert(activists)
        .values({
          communityId: community.id,
          email: `${i}-${text.length}@example.org`,
          name: text,
          phone: i % 3 ? text : null,
          city: i % 2 ? '' : text,
        })
        .returning();
      made.push(a?.id as number);
    }
    await createActivist(db, { communityId: community.id, email: '=quieta@example.org', name: '' });
    for (const [i, id] of made.entries()) {
      if (i % 2) await insertEntries(form.id, page.id, [{ fields: [], activistId: id }]);
      if (i % 3 === 0)
        await createPressure(db, {
          widgetId: pressure.id,
          mobilizationId: page.id,
          activistId: id,
          createdAt: new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 500)),
        });
      if (i % 4 === 0) await createDonation(db, { communityId: community.id, amount: 500, activistId: id });
    }
    const batches = await bytesOf(activistsCsv(server.ctx.reportDb, community.id, readerIn('pt-BR')));
    const client = await signIn(server, admin.email);
    const { res, bytes } = await downloadCsv(
      server.url,
      client.cookie('session'),
      'GET',
      `/api/communities/${community.id}/activists.csv`,
    );
    expect(res.status).toBe(200);
    expect(Buffer.from(bytes).toString()).toBe(batches.toString());
    expect(Buffer.from(bytes).equals(batches)).toBe(true);
    // Every activist is there once, with their counts.
    expect(parseCsv(batches.toString().slice(1))).toHaveLength(AWKWARD.length + 2);
  });
});

describe('a COPY that fails midway', () => {
  it('ends the download without a stack trace, and the next export works', async () => {
    if (!onPostgres()) return;
    // 60 MB: far more than the socket buffers between PostgreSQL, the server and this reader hold, so the COPY is
    // still running, waiting on its socket, when it is ended (with 15 MB it had sometimes finished already).
    const ROWS = 6000;
    const page = await createFormPage(server.ctx.db);
    await server.ctx.db.execute(sql`
      insert into form_entries (widget_id, mobilization_id, fields, created_at)
      select ${page.form.id}, ${page.page.id},
        jsonb_build_array(jsonb_build_object('uid', 'f-nome', 'label', 'Nome', 'value', repeat('x', 10000) || i)),
        now()
      from generate_series(1, ${ROWS}) i`);
    const organiser = await signIn(server, page.organiserEmail);
    const path = `/api/mobilizations/${page.page.id}/form_entries.csv?widget_id=${page.form.id}`;
    const res = await fetch(server.url + path, { headers: { cookie: `session=${organiser.cookie('session')}` } });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const parts: Uint8Array[] = [];
    const first = await reader.read();
    if (first.value) parts.push(first.value);
    // The reader waits, so the COPY waits on its socket; its server process is then ended. The first chunk (the
    // BOM and the header) is written before the COPY begins, so the COPY is awaited first.
    const ended = await eventually(async () => {
      const result = await server.ctx.db.execute(sql`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where query like 'COPY (%' and state = 'active' and datname = current_database()
          and pid <> pg_backend_pid()`);
      const rows = (result as unknown as { rows: unknown[] }).rows;
      return rows.length > 0 && rows;
    }).catch(async (error) => {
      await reader.cancel().catch(() => {});
      throw error;
    });
    expect(ended).toHaveLength(1);
    let failed = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
    } catch (error) {
      if ((error as Error).name === 'AssertionError') throw error;
      failed = true;
    } finally {
      // Never leave the download open: the server would wait for it when it closes.
      await reader.cancel().catch(() => {});
    }
    const text = Buffer.concat(parts).toString();
    expect(failed).toBe(true);
    expect(text.length).toBeLessThan(ROWS * 10000);
    expect(text).not.toMatch(/terminat|Error|\n\s+at /);
    // The pool lost that one connection only.
    const again = await downloadCsv(server.url, organiser.cookie('session'), 'GET', path);
    expect(again.res.status).toBe(200);
    expect(again.text.split('\r\n')).toHaveLength(ROWS + 2);
  });
});

describe('a COPY read slowly', () => {
  it('outlasts the pool’s statement timeout, which its connection gets back afterwards', async () => {
    if (!onPostgres() || !server.ctx.config.databaseUrl) return;
    const database = await openDatabase({ databaseUrl: server.ctx.config.databaseUrl, statementTimeoutMs: 300 });
    try {
      const rows = database.copyOut?.(`COPY (select repeat('x', 1000) from generate_series(1, 20000)) TO STDOUT`);
      if (!rows) throw new Error('no COPY on PostgreSQL');
      let bytes = 0;
      let waited = false;
      for await (const chunk of rows as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (!waited) {
          // The reader stalls past the timeout; the COPY waits on its socket meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          waited = true;
        }
      }
      expect(bytes).toBe(20000 * 1001);
      const shown = await database.raw.executeSql('show statement_timeout');
      expect(shown.rows[0]?.statement_timeout).toBe('300ms');
    } finally {
      await database.close();
    }
  });
});

describe('a COPY compiles nothing just in time', () => {
  it('runs with jit off, and its connection gets the pool’s setting back afterwards', async () => {
    if (!onPostgres() || !server.ctx.config.databaseUrl) return;
    const database = await openDatabase({ databaseUrl: server.ctx.config.databaseUrl });
    const settings = async () => {
      // Ten at once: every pooled connection answers, the COPY's among them.
      const shown = await Promise.all(
        Array.from({ length: 10 }, () =>
          database.raw.executeSql("select current_setting('jit') as jit, pg_sleep(0.05)::text"),
        ),
      );
      return new Set(shown.map((r) => r.rows[0]?.jit));
    };
    try {
      const before = await settings();
      expect(before.size).toBe(1);
      const rows = database.copyOut?.(`COPY (select current_setting('jit')) TO STDOUT`);
      if (!rows) throw new Error('no COPY on PostgreSQL');
      expect(Buffer.concat(await rows.toArray()).toString()).toBe('off\n');
      expect(await settings()).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
