import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresInstalled } from '../../../../scripts/lib/postgres.mjs';
import { addBondeRows, type BondeFixture, bondeFixture } from '../../test/bonde';

/**
 * References Bonde keeps as plain integers (no foreign key declared): child table, column, parent table, parent
 * column, and an optional condition on the child row.
 */
const UNDECLARED: [string, string, string, string, string?][] = [
  ['blocks', 'mobilization_id', 'mobilizations', 'id'],
  ['widgets', 'block_id', 'blocks', 'id'],
  ['community_users', 'user_id', 'users', 'id'],
  ['community_users', 'community_id', 'communities', 'id'],
  ['mobilizations', 'user_id', 'users', 'id'],
  ['template_mobilizations', 'user_id', 'users', 'id'],
  ['template_mobilizations', 'community_id', 'communities', 'id'],
  ['template_blocks', 'template_mobilization_id', 'template_mobilizations', 'id'],
  ['template_widgets', 'template_block_id', 'template_blocks', 'id'],
  ['invitations', 'user_id', 'users', 'id'],
  ['form_entries', 'mobilization_id', 'mobilizations', 'id'],
  ['activist_pressures', 'mobilization_id', 'mobilizations', 'id'],
  ['donations', 'mobilization_id', 'mobilizations', 'id'],
  ['donations', 'parent_id', 'donations', 'id'],
  ['donation_transitions', 'donation_id', 'donations', 'id'],
  ['subscription_transitions', 'subscription_id', 'subscriptions', 'id'],
  ['gateway_subscriptions', 'subscription_id', 'subscriptions', 'id', 'false'],
  ['twilio_configurations', 'community_id', 'communities', 'id'],
  ['twilio_calls', 'activist_id', 'activists', 'id'],
  ['twilio_calls', 'community_id', 'communities', 'id'],
  ['twilio_call_transitions', 'twilio_call_sid', 'twilio_calls', 'twilio_call_sid', 'twilio_parent_call_sid is null'],
  ['twilio_call_transitions', 'twilio_parent_call_sid', 'twilio_calls', 'twilio_call_sid'],
  ['activist_tags', 'mobilization_id', 'mobilizations', 'id'],
  ['taggings', 'tag_id', 'tags', 'id'],
  ['taggings', 'taggable_id', 'activist_tags', 'id', "taggable_type = 'ActivistTag'"],
  ['certificates', 'community_id', 'communities', 'id'],
  ['certificates', 'mobilization_id', 'mobilizations', 'id'],
  ['certificates', 'dns_hosted_zone_id', 'dns_hosted_zones', 'id'],
  ['payable_transfers', 'community_id', 'communities', 'id'],
  ['plips', 'mobilization_id', 'mobilizations', 'id'],
  ['plips', 'cached_community_id', 'communities', 'id'],
  ['plip_signatures', 'unique_identifier', 'plips', 'unique_identifier'],
];

/** Rows whose reference finds no parent, per reference: declared foreign keys and Bonde's plain-integer ones. */
async function danglingReferences(bonde: BondeFixture): Promise<Record<string, number>> {
  const declared = (await bonde.query(`
    select c.relname as child, a.attname as col, p.relname as parent, pa.attname as pcol
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
     where k.contype = 'f' and c.relnamespace = 'public'::regnamespace`)) as {
    child: string;
    col: string;
    parent: string;
    pcol: string;
  }[];
  expect(declared.length).toBeGreaterThan(30);
  const references = [
    ...declared.map((d): [string, string, string, string, string?] => [d.child, d.col, d.parent, d.pcol]),
    ...UNDECLARED,
  ];
  const checks = references.map(
    ([child, col, parent, pcol, condition]) =>
      `select '${child}.${col} → ${parent}.${pcol}' as reference, count(*)::int as n from public.${child} c
        where c.${col} is not null and (${condition ?? 'true'})
          and not exists (select 1 from public.${parent} p where p.${pcol} = c.${col})`,
  );
  const rows = (await bonde.query(checks.join('\nunion all\n'))) as { reference: string; n: number }[];
  expect(rows).toHaveLength(references.length);
  const dangling: Record<string, number> = {};
  for (const row of rows) if (row.n > 0) dangling[row.reference] = row.n;
  return dangling;
}

async function counts(bonde: BondeFixture, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = (await bonde.query(`select count(*)::int as n from public.${table}`)) as { n: number }[];
    out[table] = row?.n ?? -1;
  }
  return out;
}

describe.skipIf(!postgresInstalled())('the Bonde fixture', { timeout: 60_000 }, () => {
  let bonde: BondeFixture;
  beforeAll(async () => {
    bonde = await bondeFixture();
  });
  afterAll(() => bonde?.stop());

  it('loads rows of every kind, with spread ids and every reference holding', async () => {
    expect(bonde.url).toMatch(/^postgres:\/\/.+\/bonde$/);
    expect(
      await counts(bonde, [
        'users',
        'communities',
        'community_users',
        'mobilizations',
        'blocks',
        'widgets',
        'template_widgets',
        'activists',
        'form_entries',
        'activist_pressures',
        'twilio_call_transitions',
        'donations',
        'subscriptions',
        'taggings',
        'dns_records',
        'plips',
        'plip_signatures',
      ]),
    ).toEqual({
      users: 3,
      communities: 2,
      community_users: 6,
      mobilizations: 4,
      blocks: 11,
      widgets: 16,
      template_widgets: 4,
      activists: 9,
      form_entries: 6,
      activist_pressures: 3,
      twilio_call_transitions: 7,
      donations: 9,
      subscriptions: 2,
      taggings: 4,
      dns_records: 4,
      plips: 4,
      plip_signatures: 4,
    });
    const kinds = (await bonde.query('select distinct kind from widgets order by kind')) as { kind: string }[];
    expect(kinds.map((k) => k.kind)).toEqual([
      'content',
      'donation',
      'draft',
      'form',
      'match',
      'plip',
      'pressure',
      'pressure-phone',
    ]);
    const statuses = (await bonde.query('select distinct transaction_status as s from donations order by 1')) as {
      s: string;
    }[];
    expect(statuses.map((s) => s.s)).toEqual(['paid', 'pending', 'refunded', 'refused', 'waiting_payment']);
    expect(await danglingReferences(bonde)).toEqual({});
  });

  it('stores content, settings and text as Bonde did', async () => {
    const content = (await bonde.query(
      "select id, settings->>'content' as content from widgets where kind = 'content' order by id",
    )) as { id: number; content: string }[];
    const draft = content.find((w) => w.id === 7002);
    const slate = content.find((w) => w.id === 7012);
    expect(JSON.parse(draft?.content ?? '{}')).toHaveProperty('entityMap');
    expect(JSON.parse(slate?.content ?? '{}')).toHaveProperty('document.nodes');
    expect(content.find((w) => w.id === 7001)?.content).toMatch(/^<h1[^>]*>.*São Paulo/s);
    const [form] = (await bonde.query("select settings->>'fields' as fields from widgets where id = 7003")) as {
      fields: string;
    }[];
    expect(JSON.parse(form?.fields ?? '[]').map((f: { kind: string }) => f.kind)).toEqual([
      'text',
      'text',
      'email',
      'text',
      'number',
      'dropdown',
      'greetings',
    ]);
    const [template] = (await bonde.query(
      "select pg_typeof(settings)::text as type, settings -> 'fields' as fields from template_widgets where id = 2702",
    )) as { type: string; fields: string }[];
    expect(template?.type).toBe('hstore');
    expect(JSON.parse(template?.fields ?? '[]')).toHaveLength(2);
    const [name] = (await bonde.query('select name from communities where id = $1', [2005])) as { name: string }[];
    expect(name?.name).toBe('Conceição em Rede');
    const [integrations] = (await bonde.query(
      "select integrations #>> '{turnio,api_key}' as key from communities where id = 2001",
    )) as { key: string }[];
    expect(integrations?.key).toMatch(/^turnio-fixture-/);
    // A PLIP sign-up's form as the widget sent it; its sheets join it by code, on its widget.
    const plips = (await bonde.query(
      `select p.id, p.form_data->>'name' as name, p.expected_signatures as expected,
              (select sum(s.confirmed_signatures)::int from plip_signatures s
                where s.widget_id = p.widget_id and s.unique_identifier = p.unique_identifier) as confirmed
         from plips p order by p.id`,
    )) as { id: number; name: string; expected: number; confirmed: number | null }[];
    expect(plips).toEqual([
      { id: 12001, name: 'Luíza Gonçalves', expected: 50, confirmed: 42 },
      { id: 12002, name: 'Conceição Araújo', expected: 10, confirmed: null },
      { id: 12004, name: 'José Antônio Ribeiro', expected: 100, confirmed: 62 },
      { id: 12005, name: 'Raimundo Araújo', expected: 20, confirmed: 5 },
    ]);
  });

  it('keeps usable bcrypt hashes of the passwords in the rows file', async () => {
    await bonde.query('create extension if not exists pgcrypto');
    const rows = (await bonde.query(
      `select id, encrypted_password like '$2a$10$%' as bcrypt,
              crypt(case id when 1001 then 'Conceição#2017' when 1004 then 'mobiliza-são-paulo'
                            else 'senha-do-bonde' end, encrypted_password) = encrypted_password as matches,
              crypt('wrong', encrypted_password) = encrypted_password as wrong
         from users order by id`,
    )) as { id: number; bcrypt: boolean; matches: boolean; wrong: boolean }[];
    expect(rows).toEqual([
      { id: 1001, bcrypt: true, matches: true, wrong: false },
      { id: 1004, bcrypt: true, matches: true, wrong: false },
      { id: 1009, bcrypt: true, matches: true, wrong: false },
    ]);
  });

  it('adds a second batch of rows whose references hold, and sequences go on past it', async () => {
    const before = await counts(bonde, ['mobilizations', 'widgets', 'form_entries', 'donations', 'activists']);
    await addBondeRows(bonde.url);
    const after = await counts(bonde, ['mobilizations', 'widgets', 'form_entries', 'donations', 'activists']);
    expect(after).toEqual({
      mobilizations: (before.mobilizations ?? 0) + 1,
      widgets: (before.widgets ?? 0) + 1,
      form_entries: (before.form_entries ?? 0) + 2,
      donations: (before.donations ?? 0) + 1,
      activists: (before.activists ?? 0) + 1,
    });
    expect(await danglingReferences(bonde)).toEqual({});
    // The check sees a block whose page is missing (blocks → mobilizations has no declared key in Bonde).
    await bonde.query('insert into blocks (mobilization_id, created_at, updated_at) values (424242, now(), now())');
    expect(await danglingReferences(bonde)).toEqual({ 'blocks.mobilization_id → mobilizations.id': 1 });
    await bonde.query('delete from blocks where mobilization_id = 424242');
    const [next] = (await bonde.query(
      `insert into tags (name, label) values ('input_onibus', 'Ônibus') returning id,
         (select max(id) from taggings) < nextval('taggings_id_seq') as taggings_ahead`,
    )) as { id: number; taggings_ahead: boolean }[];
    expect(next?.id).toBe(1908);
    expect(next?.taggings_ahead).toBe(true);
  });
});
