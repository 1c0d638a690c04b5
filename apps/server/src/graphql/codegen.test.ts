import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlApi } from '../graphqlApi';
import { generateArgTypes, generateOperationTypes } from './codegen';

describe('GraphQL code generation', () => {
  it('types an operation’s result from the schema: aliases, nullability, lists, relationships, variables', () => {
    const document = parse(`query Pages($c: Int!, $q: String) {
      rows: mobilizations(where: {community_id: {_eq: $c}, name: {_ilike: $q}}) {
        id custom_domain image: facebook_share_image community { name } tags: mobilizations_subthemes { subtheme_id }
      }
    }`);
    const code = generateOperationTypes(graphqlApi().schema, [{ source: 'pages.ts', document }]);
    expect(code).toContain(
      'export type PagesQuery = {\n  rows: Array<{\n    id: number;\n    custom_domain: string | null;',
    );
    expect(code).toContain('    image: string | null;\n    community: {\n      name: string;\n    } | null;');
    expect(code).toContain('    tags: Array<{\n      subtheme_id: number;\n    }>;');
    expect(code).toContain('export type PagesQueryVariables = { c: number; q?: string | null };');
  });

  it('refuses a client document that does not validate, naming where it was found', () => {
    const document = parse('query Bad { mobilizations { no_such_column } }');
    expect(() => generateOperationTypes(graphqlApi().schema, [{ source: 'bad.ts', document }])).toThrow(
      /^bad\.ts: Cannot query field "no_such_column" on type "mobilizations"/,
    );
  });

  it('types every root field’s arguments for the resolvers', () => {
    const code = generateArgTypes(graphqlApi().schema);
    expect(code).toContain('  copy_template_mobilization: { args: CopyTemplateMobilizationArgs;');
    expect(code).toContain('export type CopyTemplateMobilizationArgs = {\n  p_mobilization_id?: number | null;');
  });
});
