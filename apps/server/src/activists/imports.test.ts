import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { type Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistImports, activists } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';
import { type CsvRecord, detectSeparator, readCsv } from './csvFile';
import { runImportBatch } from './imports';
import { upsertActivist } from './upsert';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));

/**
 * The fixture `activists-import.csv` (and its `;` and Latin-1 variants), against a community where Eva already took
 * two actions:
 *
 * | line | row                              | outcome                                   |
 * |------|----------------------------------|-------------------------------------------|
 * | 2    | João da Silva, São Paulo, 2 tags | imported                                  |
 * | 3    | Maria Conceição                  | imported                                  |
 * | 4    | JOAO@EXAMPLE.ORG (line 2's)      | duplicate of line 2: adds 'doador' only   |
 * | 5    | eva@example.org                  | updated: phone, city, tag; name kept      |
 * | 6    | no e-mail                        | rejected                                  |
 * | 7    | nao-e-um-email                   | rejected                                  |
 * | 8    | Ana "Aninha" Souza               | imported                                  |
 */
describe('CSV import of people', () => {
  let server: TestServer;
  let admin: Client;
  let stranger: Client;
  let otherCommunityId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const owner = await createUser(db, { email: 'import-admin@example.org' });
    const other = await createUser(db, { email: 'import-stranger@example.org' });
    otherCommunityId = (await createCommunity(db, { name: 'Outra', ownerId: other.id })).id;
    await createCommunity(db, { name: 'Placeholder', ownerId: owner.id });
    admin = await signIn(server, owner.email);
    stranger = await signIn(server, other.email);
  });
  afterAll(() => server?.close());

  const community = async (name: string) => {
    const db = server.ctx.db;
    const [owner] = await db
      .execute(sql`select id from users where email = 'import-admin@example.org'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const id = (await createCommunity(db, { name, ownerId: Number(owner?.id) })).id;
    // Eva, who already took two actions, is in the community before the import.
    await upsertActivist(db, id, { email: 'Eva@Example.org', name: 'Eva' });
    await upsertActivist(db, id, { email: 'eva@example.org' });
    return id;
  };

  const upload = async (
    client: Client,
    communityId: number,
    bytes: Uint8Array | string,
    type = 'text/csv',
    fileName = 'pessoas.csv',
  ) => {
    const res = await fetch(
      `${server.url}/api/communities/${communityId}/activist_imports?file_name=${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
        body: bytes,
        headers: {
          'content-type': type,
          'accept-language': 'pt-BR',
          ...(client.cookie('session') ? { cookie: `session=${client.cookie('session')}` } : {}),
        },
      },
    );
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const eva = async (communityId: number) => {
    const [row] = await server.ctx.db
      .select()
      .from(activists)
      .where(and(eq(activists.communityId, communityId), sql`lower(${activists.email}) = 'eva@example.org'`));
    return row;
  };

  const importFixture = async (name: string) => {
    const communityId = await community(`Import ${name}`);
    const before = await eva(communityId);
    const up = await upload(admin, communityId, fixture(name), 'text/csv', name);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const base = `/api/communities/${communityId}/activist_imports/${up.body.id}`;
    const start = await admin.post(`${base}/start`, { mapping: up.body.suggested_mapping, tags: ['lote-1'] });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    const done = await eventually(async () => {
      const res = await admin.get(base);
      return res.body.status === 'done' && res.body;
    });
    return { communityId, up, done, base, before };
  };

  it('answers the header, the first rows and a suggested mapping', async () => {
    const communityId = await community('Preview');
    const res = await upload(admin, communityId, fixture('activists-import.csv'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'uploaded',
      file_name: 'pessoas.csv',
      total: 7,
      separator: ',',
      encoding: 'utf-8',
      header: ['nome', 'e-mail', 'telefone', 'cidade', 'etiquetas'],
      suggested_mapping: { name: 0, email: 1, phone: 2, city: 3, tags: 4 },
    });
    expect(res.body.preview).toHaveLength(7);
    expect(res.body.preview[0]).toEqual([
      'João da Silva',
      'joao@example.org',
      '+55 11 91234-5678',
      'São Paulo',
      'voluntaria, sp',
    ]);
    expect(res.body.preview[6][0]).toBe('Ana "Aninha" Souza');
    // Nothing is imported before the start.
    expect((await admin.get(`/api/communities/${communityId}/activists?limit=50`)).body.activists).toHaveLength(1);
  });

  it('suggests the mapping from Spanish and English headers, and keeps only the first 10 rows in the preview', async () => {
    const communityId = await community('Headers');
    const lines = ['Nombre;Apellido;Correo;Teléfono;Ciudad;Otra'];
    for (let i = 0; i < 25; i++) lines.push(`N${i};A${i};p${i}@example.org;;Lima;x`);
    const es = await upload(admin, communityId, lines.join('\n'));
    expect(es.status).toBe(201);
    expect(es.body.suggested_mapping).toEqual({ name: 0, last_name: 1, email: 2, phone: 3, city: 4 });
    expect(es.body.preview).toHaveLength(10);
    expect(es.body.total).toBe(25);
    const en = await upload(admin, communityId, 'First Name,Last Name,Email Address,Mobile,Tags\r\na,b,c@d.org,,\r\n');
    expect(en.body.suggested_mapping).toEqual({ first_name: 0, last_name: 1, email: 2, phone: 3, tags: 4 });
  });

  for (const name of ['activists-import.csv', 'activists-import-semicolon.csv', 'activists-import-latin1.csv']) {
    it(`imports ${name} with exact counts, accents kept, duplicates once, Eva updated and her actions untouched`, async () => {
      const { communityId, up, done, before } = await importFixture(name);
      expect(up.body.encoding).toBe(name.includes('latin1') ? 'latin1' : 'utf-8');
      expect(up.body.separator).toBe(name.includes('import.csv') ? ',' : ';');
      expect(done).toMatchObject({
        total: 7,
        imported: 3,
        updated: 1,
        duplicates: 1,
        rejected: 2,
        percent: 100,
        tags: ['lote-1'],
      });
      const people = await server.ctx.db
        .select()
        .from(activists)
        .where(eq(activists.communityId, communityId))
        .orderBy(activists.id);
      expect(people.map((p) => p.email)).toEqual([
        'Eva@Example.org',
        'joao@example.org',
        'maria.conceicao@example.org',
        'ana@example.org',
      ]);
      const joao = people[1];
      expect(joao).toMatchObject({
        name: 'João da Silva',
        firstName: 'João',
        lastName: 'da Silva',
        city: 'São Paulo',
        phone: '+55 11 91234-5678',
        tags: ['voluntaria', 'sp', 'lote-1', 'doador'],
        actionsCount: 0,
      });
      expect(people[2]).toMatchObject({ name: 'Maria Conceição', city: 'Salvador', tags: ['lote-1'] });
      expect(people[3]?.name).toBe('Ana "Aninha" Souza');
      const after = await eva(communityId);
      expect(after).toMatchObject({
        name: 'Eva',
        phone: '+55 21 99999-0000',
        city: 'Rio de Janeiro',
        tags: ['importada2', 'lote-1'],
        actionsCount: 2,
      });
      expect(after?.lastActionAt?.toISOString()).toBe(before?.lastActionAt?.toISOString());
      expect(after?.lastActionAt).toBeInstanceOf(Date);
    });
  }

  it('lists past imports and serves the rejected rows as CSV with their reasons in the caller’s language', async () => {
    const { communityId, base, up } = await importFixture('activists-import.csv');
    const list = await admin.get(`/api/communities/${communityId}/activist_imports`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: number }) => i.id)).toEqual([up.body.id]);
    const res = await fetch(`${server.url}${base}/rejected.csv`, {
      headers: { cookie: `session=${admin.cookie('session')}`, 'accept-language': 'pt-BR' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`linhas-recusadas-${up.body.id}.csv`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      ['Linha', 'Motivo', 'nome', 'e-mail', 'telefone', 'cidade', 'etiquetas'],
      ['6', 'Sem e-mail', 'Sem Email', '', '', 'Recife', ''],
      ['7', 'E-mail inválido', 'Email Ruim', 'nao-e-um-email', '', 'Natal', ''],
    ]);
    // Only the rejected rows are kept once the import is done.
    const kept = (await server.ctx.db.execute(
      sql`select line from activist_import_rows where import_id = ${up.body.id} order by line`,
    )) as unknown as { rows: { line: number }[] };
    expect(kept.rows.map((r) => Number(r.line))).toEqual([6, 7]);
    const en = await fetch(`${server.url}${base}/rejected.csv`, {
      headers: { cookie: `session=${admin.cookie('session')}`, 'accept-language': 'en' },
    });
    expect(await en.text()).toContain('Line,Reason,');
  });

  it('rejects too-long fields and names the field', async () => {
    const communityId = await community('Long');
    const up = await upload(admin, communityId, `email,cidade\r\nok@example.org,${'x'.repeat(201)}\r\n`);
    const base = `/api/communities/${communityId}/activist_imports/${up.body.id}`;
    await admin.post(`${base}/start`, { mapping: { email: 0, city: 1 } });
    await eventually(async () => (await admin.get(base)).body.status === 'done');
    const res = await fetch(`${server.url}${base}/rejected.csv`, {
      headers: { cookie: `session=${admin.cookie('session')}`, 'accept-language': 'en' },
    });
    expect(await res.text()).toContain('2,Text too long (City),ok@example.org');
  });

  it('resumes a stopped import at its cursor and imports each row once', async () => {
    const communityId = await community('Resume');
    const lines = ['email,nome'];
    for (let i = 1; i <= 25; i++) lines.push(`p${i}@example.org,Pessoa ${i}`);
    lines.push('P3@example.org,Again'); // a duplicate of a line two batches back
    const up = await upload(admin, communityId, lines.join('\r\n'));
    // Started by hand, without the queue, so the test stops it after one batch.
    await server.ctx.db
      .update(activistImports)
      .set({ mapping: { email: 0, name: 1 }, status: 'running' })
      .where(eq(activistImports.id, up.body.id));
    expect(await runImportBatch(server.ctx.db, up.body.id, 10)).toBe(true);
    const midway = (await admin.get(`/api/communities/${communityId}/activist_imports/${up.body.id}`)).body;
    expect(midway).toMatchObject({ status: 'running', imported: 10, percent: 38 });
    // The worker died here; the retry walks on from the cursor.
    while (await runImportBatch(server.ctx.db, up.body.id, 10)) {}
    expect(await runImportBatch(server.ctx.db, up.body.id, 10)).toBe(false);
    const done = (await admin.get(`/api/communities/${communityId}/activist_imports/${up.body.id}`)).body;
    expect(done).toMatchObject({ status: 'done', total: 26, imported: 25, updated: 0, duplicates: 1, rejected: 0 });
    const [count] = (
      (await server.ctx.db.execute(
        sql`select count(*)::int as n from activists where community_id = ${communityId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(count?.n).toBe(26);
  });

  it('requires the e-mail column, a column that exists, and starts an import once', async () => {
    const communityId = await community('Start');
    const up = await upload(admin, communityId, fixture('activists-import.csv'));
    const base = `/api/communities/${communityId}/activist_imports/${up.body.id}`;
    const missing = await admin.post(`${base}/start`, { mapping: { name: 0 } }, { 'accept-language': 'pt-BR' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors['mapping.email']).toEqual(['Escolha a coluna do e-mail']);
    const none = await admin.post(`${base}/start`, {}, { 'accept-language': 'pt-BR' });
    expect(none.body.errors.mapping).toEqual(['Escolha a coluna do e-mail']);
    const outside = await admin.post(`${base}/start`, { mapping: { email: 1, city: 9 } }, { 'accept-language': 'en' });
    expect(outside.status).toBe(422);
    expect(outside.body.errors['mapping.city']).toEqual(['That column is not in the file']);
    expect((await admin.post(`${base}/start`, { mapping: { email: 1 } })).status).toBe(202);
    const again = await admin.post(`${base}/start`, { mapping: { email: 1 } }, { 'accept-language': 'en' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['This import has already started']);
  });

  it('refuses an oversized file, a file that is not CSV, an empty one and one with only the header', async () => {
    const communityId = await community('Bad files');
    const big = await upload(admin, communityId, `email\r\n${'a@b.org\r\n'.repeat(2_400_000)}`);
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual(['O arquivo pode ter até 20 MB']);
    const png = await upload(admin, communityId, fixture('small-599x315.png'), 'image/png');
    expect(png.status).toBe(415);
    expect(png.body.errors.file).toEqual(['Envie um arquivo CSV (na planilha: Salvar como… CSV)']);
    const binary = await upload(admin, communityId, fixture('small-599x315.png'), 'application/octet-stream');
    expect(binary.status).toBe(422);
    expect(binary.body.errors.file).toEqual(['Envie um arquivo CSV (na planilha: Salvar como… CSV)']);
    const json = await upload(admin, communityId, '{"email":"a@b.org"}', 'application/json');
    expect(json.status).toBe(415);
    expect((await upload(admin, communityId, '')).body.errors.file).toEqual(['O arquivo está vazio']);
    expect((await upload(admin, communityId, 'email\r\n')).body.errors.file).toEqual(['O arquivo só tem o cabeçalho']);
    expect((await upload(admin, communityId, 'email\r\n"a@b.org\r\n')).body.errors.file).toEqual([
      'O arquivo tem aspas abertas que não se fecham',
    ]);
  });

  /** An upload sent in pieces with no length given, as a browser streams it; `between` runs after each piece. */
  const uploadInPieces = async (communityId: number, pieces: AsyncIterable<Uint8Array>) => {
    const res = await fetch(`${server.url}/api/communities/${communityId}/activist_imports`, {
      method: 'POST',
      body: Readable.toWeb(Readable.from(pieces)) as ReadableStream,
      duplex: 'half',
      headers: { 'content-type': 'text/csv', 'accept-language': 'pt-BR', cookie: `session=${admin.cookie('session')}` },
    } as RequestInit);
    return { status: res.status, body: JSON.parse(await res.text()) };
  };
  const importDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('mutirao-import-')).length;
  const storedImports = async (communityId: number) =>
    (
      (await server.ctx.db.execute(
        sql`select count(distinct i.id)::int as imports, count(r.line)::int as rows
            from activist_imports i left join activist_import_rows r on r.import_id = i.id
            where i.community_id = ${communityId}`,
      )) as unknown as { rows: { imports: number; rows: number }[] }
    ).rows[0];

  it('reads a file as it arrives: other requests go on meanwhile, and past 20 MB it stops and keeps nothing', async () => {
    const communityId = await community('Streamed');
    const dirs = importDirs();
    // Half a file, then a request of the organiser's, answered while the upload waits for its other half.
    let answered = 0;
    const slow = uploadInPieces(
      communityId,
      (async function* () {
        yield Buffer.from('email,nome\n');
        for (let i = 0; i < 1500; i++) yield Buffer.from(`p${i}@example.org,Pessoa ${i}\n`);
        const list = await admin.get(`/api/communities/${communityId}/activists?limit=5`);
        answered = list.status;
        for (let i = 1500; i < 3000; i++) yield Buffer.from(`p${i}@example.org,Pessoa ${i}\n`);
      })(),
    );
    const done = await slow;
    expect(answered).toBe(200);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ status: 'uploaded', total: 3000, header: ['email', 'nome'] });
    expect(done.body.preview).toHaveLength(10);
    expect(await storedImports(communityId)).toEqual({ imports: 1, rows: 3000 });

    // No length announced: the limit is counted as the bytes come.
    const big = await uploadInPieces(
      communityId,
      (async function* () {
        yield Buffer.from('email\n');
        for (let i = 0; i < 30; i++) yield Buffer.alloc(1024 * 1024, 'a@b.org\n');
      })(),
    );
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual(['O arquivo pode ter até 20 MB']);
    expect(await storedImports(communityId)).toEqual({ imports: 1, rows: 3000 });
    expect(importDirs()).toBe(dirs);

    // A sender that goes away mid-file leaves nothing behind either, and the server goes on.
    const gone = uploadInPieces(
      communityId,
      (async function* () {
        yield Buffer.from('email\na@b.org\n');
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('the phone lost its network');
      })(),
    );
    await expect(gone).rejects.toThrow();
    await eventually(async () => importDirs() === dirs);
    expect(await storedImports(communityId)).toEqual({ imports: 1, rows: 3000 });
    expect((await admin.get(`/api/communities/${communityId}/activist_imports`)).status).toBe(200);
  });

  it('keeps nothing of a file found broken after its first thousands of rows, nor of an upload left half read', async () => {
    const communityId = await community('Broken late');
    const rows = Array.from({ length: 2500 }, (_, i) => `p${i}@example.org`).join('\n');
    const broken = await upload(admin, communityId, `email\n${rows}\n"never closed\n`);
    expect(broken.status).toBe(422);
    expect(broken.body.errors.file).toEqual(['O arquivo tem aspas abertas que não se fecham']);
    expect(await storedImports(communityId)).toEqual({ imports: 0, rows: 0 });

    // A process that stopped mid-upload left an import being read: nobody sees it, and it goes within the hour.
    const [left] = await server.ctx.db
      .insert(activistImports)
      .values({
        communityId,
        fileName: 'left.csv',
        header: ['email'],
        separator: ',',
        encoding: 'utf-8',
        status: 'reading',
      })
      .returning();
    const base = `/api/communities/${communityId}/activist_imports`;
    expect((await admin.get(base)).body).toEqual([]);
    expect((await admin.get(`${base}/${left?.id}`)).status).toBe(404);
    await server.ctx.db
      .update(activistImports)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(activistImports.id, Number(left?.id)));
    expect((await upload(admin, communityId, 'email\na@b.org\n')).status).toBe(201);
    expect(await storedImports(communityId)).toEqual({ imports: 1, rows: 1 });
  });

  it('is the community members’ only: another community’s is a 404, signed out a 401', async () => {
    const communityId = await community('Private');
    const up = await upload(admin, communityId, fixture('activists-import.csv'));
    const base = `/api/communities/${communityId}/activist_imports`;
    expect((await upload(stranger, communityId, fixture('activists-import.csv'))).status).toBe(404);
    expect((await stranger.get(base)).status).toBe(404);
    expect((await stranger.get(`${base}/${up.body.id}`)).status).toBe(404);
    expect((await stranger.get(`${base}/${up.body.id}/rejected.csv`)).status).toBe(404);
    expect((await stranger.post(`${base}/${up.body.id}/start`, { mapping: { email: 1 } })).status).toBe(404);
    // The import asked for through the stranger's own community is not found either.
    const theirs = `/api/communities/${otherCommunityId}/activist_imports/${up.body.id}`;
    expect((await stranger.get(theirs)).status).toBe(404);
    expect((await stranger.post(`${theirs}/start`, { mapping: { email: 1 } })).status).toBe(404);
    const anonymous = new (admin.constructor as typeof Client)(server.url);
    expect((await upload(anonymous, communityId, fixture('activists-import.csv'))).status).toBe(401);
    expect((await anonymous.get(`${base}/${up.body.id}`)).status).toBe(401);
    expect((await anonymous.get(`${base}/${up.body.id}/rejected.csv`)).status).toBe(401);
  });
});

/** Every record the reader gives for the chunks (the header first), with the separator it chose. */
const readAll = async (chunks: (string | Uint8Array)[], encoding: 'utf-8' | 'latin1' = 'utf-8') => {
  const csv = await readCsv(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), encoding);
  const records: CsvRecord[] = [];
  for await (const r of csv.rows) records.push(r);
  return { header: csv.header, records, separator: csv.separator };
};

describe('the CSV reader', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF and LF, and skips blank lines', async () => {
    const text = 'a,b\r\n"x, ""y""","line\nbreak"\n\nlast,\r\nAna "Aninha",z\n""\n\r\nend\n';
    expect(await readAll([text])).toEqual({
      header: ['a', 'b'],
      separator: ',',
      records: [
        { line: 2, cells: ['x, "y"', 'line\nbreak'] },
        { line: 5, cells: ['last', ''] },
        { line: 6, cells: ['Ana "Aninha"', 'z'] },
        { line: 9, cells: ['end'] },
      ],
    });
  });

  it('takes `;` when the header has more of them than commas, even when the header comes in pieces', async () => {
    expect(detectSeparator('nome;email;"a,b,c"\r\n')).toBe(';');
    expect(detectSeparator('nome,email\r\n')).toBe(',');
    const split = await readAll(['no', 'me;e', 'mail;"a,', 'b,c"\r\nJoão;j@x.org;"1,2"\r\n']);
    expect(split.separator).toBe(';');
    expect(split.header).toEqual(['nome', 'email', 'a,b,c']);
    expect(split.records.map((r) => r.cells)).toEqual([['João', 'j@x.org', '1,2']]);
  });

  it('decodes UTF-8 split between chunks without its BOM, and Windows-1252', async () => {
    const utf8 = Buffer.from('\uFEFFnome\nJoão Conceição\n');
    const cut = utf8.indexOf(0xa3); // the second byte of "ã"
    const whole = await readAll([utf8.subarray(0, 1), utf8.subarray(1, cut), utf8.subarray(cut)]);
    expect(whole).toMatchObject({ header: ['nome'], records: [{ line: 2, cells: ['João Conceição'] }] });
    const latin = await readAll([Buffer.from([0x6e, 0x0a, 0x4a, 0x6f, 0xe3, 0x6f, 0x0a])], 'latin1');
    expect(latin.records).toEqual([{ line: 2, cells: ['João'] }]);
  });

  it('hands out rows while the file is still being read, never holding it whole', async () => {
    // 200,000 rows in 2,000 chunks: the reader asks for a chunk only when it needs one, so it stays a few ahead.
    let fed = 0;
    const source = async function* () {
      yield Buffer.from('email,nome\n');
      for (let c = 0; c < 2000; c++) {
        fed++;
        let text = '';
        for (let i = 0; i < 100; i++) text += `p${c * 100 + i}@example.org,Pessoa ${i}\n`;
        yield Buffer.from(text);
      }
    };
    const csv = await readCsv(source(), 'utf-8');
    let read = 0;
    let ahead = 0;
    let last: CsvRecord | undefined;
    for await (const row of csv.rows) {
      read++;
      ahead = Math.max(ahead, fed - Math.floor(read / 100));
      last = row;
    }
    expect(read).toBe(200_000);
    expect(last).toEqual({ line: 200_001, cells: ['p199999@example.org', 'Pessoa 99'] });
    expect(ahead).toBeLessThan(100);
  });

  it('names an unclosed quote, an empty file and too many columns', async () => {
    await expect(readAll(['email\r\n"a@b.org\r\n'])).rejects.toMatchObject({
      fields: { file: ['activists.importUnclosedQuote'] },
    });
    await expect(readAll([])).rejects.toMatchObject({ fields: { file: ['activists.importEmpty'] } });
    await expect(readAll([`${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}\n`])).rejects.toMatchObject({
      fields: { file: ['activists.importTooManyColumns?max=100'] },
    });
  });
});
