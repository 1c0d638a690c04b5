import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import fixture from '../../test/fixtures/bonde-clients.json' with { type: 'json' };
import { graphqlApi } from '../graphqlApi';
import { HASURA_RULES } from './route';
import { checkUsage, type DocumentUsage, usagesOf } from './usage';

/*
 * Bonde's admin clients (nossas/bonde-clients: admin-client, canary-client, accounts-client) against our schema,
 * through the fields, arguments and types each of their documents uses (scripts/bonde-clients.mts writes them from a
 * checkout; the repository does not hold the documents). docs/api.md gives these numbers.
 */
const { schema } = graphqlApi();
const documents = fixture.documents as DocumentUsage[];

/** The documents that do not validate, and why: each is a Bonde service Mutirão has no counterpart for. */
const NOT_SERVED: Record<string, string> = {
  'admin-client fetch-facebook-bot-activists-strategy.js fetchFacebookBotActivistsStrategy':
    'broken in the client itself (an unresolved interpolation, a JSON scalar), and a search with no community scope',
  'canary-client EmailMetrics.tsx EmailStats': "Bonde's notifications service: opens, clicks and spam reports",
  'canary-client index.tsx Notify': "Bonde's notifications service: any mail from any sender to any address",
  'canary-client index.tsx TurnioCreateCustomField': 'Turn.io (WhatsApp), an integration Mutirão does not have',
};

describe("Bonde's clients' documents", () => {
  const failing = documents
    .map((d) => ({ key: `${d.client} ${d.file.split('/').at(-1)} ${d.operation}`, errors: checkUsage(schema, d) }))
    .filter((d) => d.errors.length);

  it('all hold their fields, arguments and types in our schema, but for the services we do not have', () => {
    expect(Object.fromEntries(failing.map((f) => [f.key, f.errors.length > 0]))).toEqual(
      Object.fromEntries(Object.keys(NOT_SERVED).map((key) => [key, true])),
    );
  });

  it('reach the numbers docs/api.md gives', () => {
    const count = (client: string) => {
      const of = documents.filter((d) => d.client === client);
      return [of.length - failing.filter((f) => f.key.startsWith(`${client} `)).length, of.length];
    };
    expect(fixture.documents).toHaveLength(81);
    expect({
      admin: count('admin-client'),
      canary: count('canary-client'),
      accounts: count('accounts-client'),
    }).toEqual({ admin: [29, 30], canary: [42, 45], accounts: [6, 6] });
  });
});

describe('the uses check', () => {
  // The admin app's own documents (which `npm run lint` validates with graphql-js) and two of ours.
  const web = fileURLToPath(new URL('../../../web/src', import.meta.url));
  const ours = [
    ...readdirSync(web, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.(test|generated)\./.test(f))
      .flatMap((f) => [...readFileSync(join(web, f), 'utf8').matchAll(/\/\* GraphQL \*\/\s*`([^`]*)`/g)])
      .map((m) => m[1] ?? '')
      .filter((t) => !t.includes('${')),
    /* GraphQL */ `query Q($id: Int!, $w: mobilizations_bool_exp!, $n: Int = 5) {
      mobilizations(where: {_and: [{community_id: {_eq: $id}}, $w]}, order_by: {updated_at: desc}, limit: $n) {
        id name community { id name } blocks(where: {hidden: {_eq: false}}) { widgets { id kind } }
        ... on mobilizations { slug }
      }
    }`,
    /* GraphQL */ `mutation M($id: Int!) {
      update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {name: "Á", favicon: null}) { id }
    }`,
  ];

  it('agrees with graphql-js on valid documents', () => {
    expect(ours.length).toBeGreaterThan(5);
    for (const text of ours) {
      const document = parse(text);
      expect(validate(schema, document, HASURA_RULES), text).toEqual([]);
      for (const usage of usagesOf(document)) expect(checkUsage(schema, usage), text).toEqual([]);
    }
  });

  it('finds what graphql-js finds in broken ones', () => {
    const broken: [string, RegExp][] = [
      ['query { mobilizations { nope } }', /Cannot query field "nope" on type "mobilizations"/],
      ['query { mobilizations(wher: {}) { id } }', /Unknown argument "wher"/],
      ['query { mobilizations(where: {nope: {_eq: 1}}) { id } }', /Field "nope" is not defined/],
      ['query($x: String!) { mobilizations_by_pk(id: $x) { id } }', /Variable "\$x" of type "String!"/],
      ['query { mobilizations_by_pk { id } }', /argument "id" of type "Int!" is required/],
      ['query($x: Int) { mobilizations_by_pk(id: $x) { id } }', /Variable "\$x" of type "Int" used in position/],
      ['query($x: Nope) { mobilizations(limit: $x) { id } }', /Unknown type "Nope"/],
      ['query { mobilizations(order_by: {id: sideways}) { id } }', /Value "sideways" does not exist/],
      ['query { mobilizations(limit: "5") { id } }', /Int cannot represent a String/],
    ];
    for (const [text, message] of broken) {
      const document = parse(text);
      expect(validate(schema, document, HASURA_RULES).length, text).toBeGreaterThan(0);
      const [usage] = usagesOf(document);
      expect(checkUsage(schema, usage as DocumentUsage).join('\n'), text).toMatch(message);
    }
  });
});
