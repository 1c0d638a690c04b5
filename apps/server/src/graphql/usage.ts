import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isTypeSubTypeOf,
  isUnionType,
  Kind,
  parseType,
  type SelectionSetNode,
  typeFromAST,
  type ValueNode,
} from 'graphql';

/*
 * What a client's GraphQL document uses of a schema, as a list of facts: the fields it selects (by path from the
 * root), the arguments it passes (with the input fields and the kind of each value), and its variables' types. Bonde's
 * admin clients are checked against our schema through these facts (`bondeClients.test.ts`), so the repository holds
 * which fields they use, not the clients' documents. A document the facts pass is one graphql-js validates with the server's rules (`HASURA_RULES`), for the
 * rules that depend on the schema (fields, arguments, input fields, value and variable types, required arguments);
 * `scripts/bonde-clients.mts` checks both ways on a checkout of the clients and reports any disagreement.
 *
 * A use is `path/to/field` or `path/to/field(arg.input.field=value)`: a step `~Type` is a fragment's type condition,
 * `[]` an element of a list, and the value `$name`, `Int`, `Float`, `String`, `Boolean`, `null`, `[]` (an empty list),
 * `{}` (an empty object) or `enum:VALUE`. A variable with a default value has ` = default` after its type.
 */
export interface DocumentUsage {
  client: string;
  file: string;
  operation: string;
  type: 'query' | 'mutation' | 'subscription';
  variables: Record<string, string>;
  uses: string[];
}

export function usagesOf(document: DocumentNode): Omit<DocumentUsage, 'client' | 'file'>[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const result: Omit<DocumentUsage, 'client' | 'file'>[] = [];
  for (const op of document.definitions) {
    if (op.kind !== Kind.OPERATION_DEFINITION) continue;
    const uses = new Set<string>();
    const value = (v: ValueNode, at: string): void => {
      switch (v.kind) {
        case Kind.VARIABLE:
          uses.add(`${at}=$${v.name.value}`);
          return;
        case Kind.OBJECT:
          if (!v.fields.length) uses.add(`${at}={}`);
          for (const f of v.fields) value(f.value, `${at}.${f.name.value}`);
          return;
        case Kind.LIST:
          if (!v.values.length) uses.add(`${at}=[]`);
          for (const item of v.values) value(item, `${at}.[]`);
          return;
        case Kind.INT:
          uses.add(`${at}=Int`);
          return;
        case Kind.FLOAT:
          uses.add(`${at}=Float`);
          return;
        case Kind.STRING:
          uses.add(`${at}=String`);
          return;
        case Kind.BOOLEAN:
          uses.add(`${at}=Boolean`);
          return;
        case Kind.NULL:
          uses.add(`${at}=null`);
          return;
        case Kind.ENUM:
          uses.add(`${at}=enum:${v.value}`);
          return;
      }
    };
    const walk = (set: SelectionSetNode, prefix: string, seen: Set<string>) => {
      for (const s of set.selections) {
        for (const d of s.directives ?? []) for (const a of d.arguments ?? []) value(a.value, `@${d.name.value}`);
        if (s.kind === Kind.FIELD) {
          const path = prefix ? `${prefix}/${s.name.value}` : s.name.value;
          uses.add(path);
          for (const a of s.arguments ?? []) value(a.value, `${path}(${a.name.value}`);
          if (s.selectionSet) walk(s.selectionSet, path, seen);
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          const at = s.typeCondition ? `${prefix ? `${prefix}/` : ''}~${s.typeCondition.name.value}` : prefix;
          walk(s.selectionSet, at, seen);
        } else {
          const fragment = fragments.get(s.name.value);
          if (!fragment) {
            uses.add(`${prefix ? `${prefix}/` : ''}...${s.name.value}`);
            continue;
          }
          if (seen.has(s.name.value)) continue;
          const at = `${prefix ? `${prefix}/` : ''}~${fragment.typeCondition.name.value}`;
          walk(fragment.selectionSet, at, new Set([...seen, s.name.value]));
        }
      }
    };
    walk(op.selectionSet, '', new Set());
    const variables: Record<string, string> = {};
    for (const v of op.variableDefinitions ?? []) {
      const fallback = v.defaultValue && v.defaultValue.kind !== Kind.NULL ? ' = default' : '';
      variables[v.variable.name.value] = `${printType(v.type)}${fallback}`;
    }
    result.push({
      operation: op.name?.value ?? '',
      type: op.operation as DocumentUsage['type'],
      variables,
      uses: [...uses].map((u) => (u.includes('(') ? `${u})` : u)),
    });
  }
  return result;
}

function printType(t: Parameters<typeof typeFromAST>[1]): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${printType(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${printType(t.type)}]`;
  return t.name.value;
}

/** The schema errors of one document's uses, worded as graphql-js words them where it has an equivalent. */
export function checkUsage(schema: GraphQLSchema, usage: Pick<DocumentUsage, 'type' | 'variables' | 'uses'>): string[] {
  const errors: string[] = [];
  const root = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: undefined }[
    usage.type
  ];
  const usedVariables = new Set<string>();
  const variableTypes = new Map<string, GraphQLInputType>();
  const defaults = new Set<string>();
  for (const [name, declared] of Object.entries(usage.variables)) {
    const text = declared.replace(/ = default$/, '');
    if (text !== declared) defaults.add(name);
    const type = typeFromAST(schema, parseType(text) as never) as GraphQLInputType | undefined;
    if (!type) errors.push(`Unknown type "${text.replace(/[[\]!]/g, '')}".`);
    else variableTypes.set(name, type);
  }
  const argsGiven = new Map<string, Set<string>>();
  for (const use of usage.uses) {
    const open = use.indexOf('(');
    const path = open < 0 ? use : use.slice(0, open);
    if (path.startsWith('@')) {
      markVariable(use, usedVariables);
      continue;
    }
    let type: ReturnType<GraphQLSchema['getType']> = root ?? undefined;
    let field: ReturnType<typeof fieldOf>;
    let broken = false;
    for (const step of path.split('/')) {
      if (!type) break;
      if (step.startsWith('~')) {
        const condition = schema.getType(step.slice(1));
        if (!condition) {
          errors.push(`Unknown type "${step.slice(1)}".`);
          broken = true;
          break;
        }
        type = condition;
        continue;
      }
      if (step.startsWith('...')) {
        errors.push(`Unknown fragment "${step.slice(3)}".`);
        broken = true;
        break;
      }
      if (step === '__typename') {
        field = undefined;
        type = undefined;
        break;
      }
      field = fieldOf(type, step);
      if (!field) {
        errors.push(`Cannot query field "${step}" on type "${type.name}".`);
        broken = true;
        break;
      }
      type = getNamedType(field.type);
    }
    if (broken || open < 0 || !field) continue;
    const [argument, ...rest] =
      use
        .slice(open + 1, -1)
        .split('=')[0]
        ?.split('.') ?? [];
    const value = use.slice(use.indexOf('=', open) + 1, -1);
    const given = argsGiven.get(path) ?? new Set();
    argsGiven.set(path, given);
    given.add(argument ?? '');
    const arg = field.args.find((a) => a.name === argument);
    if (!arg) {
      errors.push(`Unknown argument "${argument}" on field "${type?.name ?? ''}.${field.name}".`);
      continue;
    }
    const problem = checkInput(schema, arg.type, rest, value, variableTypes, defaults, usedVariables);
    if (problem) errors.push(`${path}(${argument}): ${problem}`);
  }
  // Required arguments of every field the document calls with or without arguments.
  for (const use of usage.uses) {
    if (use.includes('(') || use.startsWith('@')) continue;
    const field = fieldAt(schema, root ?? undefined, use);
    for (const a of field?.args ?? []) {
      if (isNonNullType(a.type) && a.defaultValue === undefined && !argsGiven.get(use)?.has(a.name)) {
        errors.push(`Field "${use.split('/').at(-1)}" argument "${a.name}" of type "${a.type}" is required.`);
      }
    }
  }
  return [...new Set(errors)];
}

type Named = NonNullable<ReturnType<GraphQLSchema['getType']>>;

function fieldOf(type: Named, name: string) {
  if (isObjectType(type) || isInterfaceType(type)) return type.getFields()[name];
  if (isUnionType(type)) return undefined;
  return undefined;
}

function fieldAt(schema: GraphQLSchema, root: Named | undefined, path: string) {
  let type: Named | undefined = root;
  let field: ReturnType<typeof fieldOf>;
  for (const step of path.split('/')) {
    if (!type) return undefined;
    if (step.startsWith('~')) {
      type = schema.getType(step.slice(1)) ?? undefined;
      continue;
    }
    field = fieldOf(type, step);
    if (!field) return undefined;
    type = getNamedType(field.type);
  }
  return field;
}

function markVariable(use: string, used: Set<string>) {
  const m = /=\$(\w+)\)?$/.exec(use);
  if (m?.[1]) used.add(m[1]);
}

/** Walks an argument's input path to its value; the problem, or undefined when the value fits. */
function checkInput(
  schema: GraphQLSchema,
  start: GraphQLInputType,
  steps: string[],
  value: string,
  variables: Map<string, GraphQLInputType>,
  defaults: Set<string>,
  used: Set<string>,
): string | undefined {
  let type: GraphQLInputType = start;
  for (const step of steps) {
    const nullable = getNullableType(type) as GraphQLInputType;
    if (step === '[]') {
      // A single value where a list is expected is coerced to a list of one (spec, Input Coercion).
      type = isListType(nullable) ? nullable.ofType : nullable;
      continue;
    }
    const inner = isListType(nullable) ? getNullableType(nullable.ofType) : nullable;
    // Any JSON goes in a custom scalar (jsonb): nothing below it is checked.
    if (isScalarType(inner) && !BUILT_IN.has(inner.name)) return undefined;
    if (!isInputObjectType(inner)) return `"${step}" is not a field of ${String(inner)}`;
    const field = inner.getFields()[step];
    if (!field) return `Field "${step}" is not defined by type "${inner.name}".`;
    type = field.type;
  }
  if (value.startsWith('$')) {
    const name = value.slice(1);
    used.add(name);
    const variable = variables.get(name);
    if (!variable) return `Variable "$${name}" is not defined.`;
    // As graphql-js: a nullable variable may go where a non-null is expected only when it has a default.
    const location = defaults.has(name) ? (getNullableType(type) as GraphQLInputType) : type;
    return isTypeSubTypeOf(schema, variable, location)
      ? undefined
      : `Variable "$${name}" of type "${variable}" used in position expecting type "${type}".`;
  }
  const nullable = getNullableType(type);
  if (value === 'null') return isNonNullType(type) ? `Expected value of type "${type}", found null.` : undefined;
  if (value === '[]') return undefined;
  const named = getNamedType(type);
  if (value === '{}') return isInputObjectType(named) || isScalarType(named) ? undefined : `Expected ${named.name}.`;
  if (isScalarType(named) && !BUILT_IN.has(named.name)) return undefined;
  if (isListType(nullable) && value === '[]') return undefined;
  if (value.startsWith('enum:')) {
    return isEnumType(named) && named.getValue(value.slice(5))
      ? undefined
      : `Value "${value.slice(5)}" does not exist in "${named.name}" enum.`;
  }
  const fits: Record<string, string[]> = {
    Int: ['Int', 'Float', 'ID'],
    Float: ['Float'],
    String: ['String', 'ID'],
    Boolean: ['Boolean'],
  };
  return fits[value]?.includes(named.name) ? undefined : `${named.name} cannot represent a ${value} value.`;
}

const BUILT_IN = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);
