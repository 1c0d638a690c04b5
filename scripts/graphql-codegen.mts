#!/usr/bin/env node
// Writes the GraphQL schema (apps/server/schema.graphql), the resolvers' argument types and the web app's result
// types from it. With --check (part of `npm run lint`) it writes nothing and fails when a file is stale or a web
// document does not validate against the schema.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, printSchema } from 'graphql';
import { type ClientDocument, generateArgTypes, generateOperationTypes } from '../apps/server/src/graphql/codegen';
import { graphqlApi } from '../apps/server/src/graphqlApi';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !/\.(test|generated)\.tsx?$/.test(name)) yield path;
  }
}

/** Documents marked the way the web app writes them: a template literal after a GraphQL comment. */
function webDocuments(): ClientDocument[] {
  const documents: ClientDocument[] = [];
  for (const file of sources(join(root, 'apps/web/src'))) {
    for (const [, text] of readFileSync(file, 'utf8').matchAll(/\/\* GraphQL \*\/\s*`([^`]*)`/g)) {
      if (text?.includes('${')) continue;
      documents.push({ source: relative(root, file), document: parse(text ?? '') });
    }
  }
  return documents;
}

const outputs: [string, string][] = [
  ['apps/server/schema.graphql', `${printSchema(graphqlApi().schema)}\n`],
  ['apps/server/src/graphql/args.generated.ts', generateArgTypes(graphqlApi().schema)],
  ['apps/web/src/api/graphql.generated.ts', generateOperationTypes(graphqlApi().schema, webDocuments())],
];

let stale = 0;
for (const [path, content] of outputs) {
  const file = join(root, path);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current === content) continue;
  if (check) {
    console.error(`${path} is stale: run npm run graphql:codegen`);
    stale++;
  } else {
    writeFileSync(file, content);
    console.log(`wrote ${path}`);
  }
}
process.exit(stale ? 1 : 0);
