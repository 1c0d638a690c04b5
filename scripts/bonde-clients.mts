#!/usr/bin/env node
// `npm run bonde:clients -- <checkout of nossas/bonde-clients> [--commit <sha>] [--write]`
//
// Reads the GraphQL documents of Bonde's admin-client, canary-client and accounts-client (every gql`` template in
// their sources, fragments interpolated), validates each against our schema with graphql-js and the server's rules, and checks the same
// document's uses (apps/server/src/graphql/usage.ts) against it. Prints the counts per client, every failing document
// with its errors, and any document on which the two checks disagree. With --write it stores the uses, not the
// documents, in apps/server/test/fixtures/bonde-clients.json, which bondeClients.test.ts checks on every run.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, Kind, parse, validate } from 'graphql';
import ts from 'typescript';
import { HASURA_RULES } from '../apps/server/src/graphql/route';
import { checkUsage, type DocumentUsage, usagesOf } from '../apps/server/src/graphql/usage';
import { graphqlApi } from '../apps/server/src/graphqlApi';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const checkout = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--commit');
if (!checkout) {
  console.error('usage: npm run bonde:clients -- <path to a nossas/bonde-clients checkout> [--commit <sha>] [--write]');
  process.exit(2);
}
const CLIENTS = ['admin-client', 'canary-client', 'accounts-client'];

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.[jt]sx?$/.test(name) && !/\.(test|spec)\./.test(name)) yield path;
  }
}

interface Template {
  client: string;
  file: string;
  name: string | undefined;
  parts: string[];
  exprs: string[];
}

const templates: Template[] = [];
for (const client of CLIENTS) {
  for (const file of sources(join(checkout, 'packages', client, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('gql`')) continue;
    const kind = /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'gql') {
        const parent = node.parent;
        const name =
          ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name.getText() : undefined;
        const t = node.template;
        const parts = ts.isNoSubstitutionTemplateLiteral(t)
          ? [t.text]
          : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)];
        const exprs = ts.isNoSubstitutionTemplateLiteral(t) ? [] : t.templateSpans.map((s) => s.expression.getText());
        templates.push({ client, file: relative(checkout, file), name, parts, exprs });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

// An interpolation names another template (a fragment) of the same client; anything else stays unresolved.
const named = new Map(templates.filter((t) => t.name).map((t) => [`${t.client}:${t.name}`, t]));
function text(t: Template, depth = 0): string {
  let out = t.parts[0] ?? '';
  t.exprs.forEach((e, i) => {
    const ref = named.get(`${t.client}:${e.replace(/^.*\./, '')}`);
    out += (ref && depth < 5 ? text(ref, depth + 1) : `\n`) + (t.parts[i + 1] ?? '');
  });
  return out;
}

const { schema } = graphqlApi();
const manifest: DocumentUsage[] = [];
const counts: Record<string, { valid: number; total: number }> = {};
let disagreements = 0;
for (const t of templates) {
  let document: DocumentNode;
  try {
    document = parse(text(t));
  } catch (error) {
    console.log(`${t.client} ${t.file}: does not parse (${(error as Error).message})`);
    continue;
  }
  if (!document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue; // a fragment
  // A fragment interpolated twice (through two others) is one definition.
  const seen = new Set<string>();
  document = {
    ...document,
    definitions: document.definitions.filter(
      (d) => d.kind !== Kind.FRAGMENT_DEFINITION || (!seen.has(d.name.value) && !!seen.add(d.name.value)),
    ),
  };
  const validation = validate(schema, document, HASURA_RULES).map((e) => e.message);
  for (const usage of usagesOf(document)) {
    const entry = { client: t.client, file: t.file, ...usage, operation: usage.operation || t.name || '' };
    manifest.push(entry);
    const facts = checkUsage(schema, entry);
    counts[t.client] ??= { valid: 0, total: 0 };
    const c = counts[t.client];
    c.total++;
    if (!validation.length) c.valid++;
    if (!validation.length !== !facts.length) {
      disagreements++;
      console.log(`DISAGREE ${t.client} ${t.file} ${usage.operation}\n  graphql-js: ${validation.join(' | ')}`);
      console.log(`  uses: ${facts.join(' | ')}`);
    } else if (validation.length) {
      console.log(`${t.client} ${t.file} ${usage.operation}\n  ${validation.slice(0, 6).join('\n  ')}`);
    }
  }
}
for (const [client, c] of Object.entries(counts)) console.log(`${client}: ${c.valid} of ${c.total} validate`);
console.log(`${disagreements} disagreement(s) between graphql-js and the uses check`);

if (args.includes('--write')) {
  const commitArg = args[args.indexOf('--commit') + 1];
  let commit = args.includes('--commit') ? commitArg : undefined;
  try {
    commit ??= execFileSync('git', ['-C', checkout, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    commit = 'unknown';
  }
  const out = {
    source: 'https://github.com/nossas/bonde-clients',
    commit,
    note: 'The fields, arguments and types each document uses (scripts/bonde-clients.mts), not the documents.',
    documents: manifest,
  };
  const path = join(root, 'apps/server/test/fixtures/bonde-clients.json');
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', path], { stdio: 'ignore' });
  console.log(`wrote ${relative(root, path)} (${manifest.length} documents)`);
}
