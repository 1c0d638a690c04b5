import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLList,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * What one document may cost, checked before it runs. A document is walked once, fragments expanded, and refused
 * when it nests too deep, uses too many aliases, or when its worst case (every list full to its limit) would
 * touch too many rows. The numbers leave room for every document the admin app sends (its deepest is 4 levels,
 * its costliest about 600), and cut off the nested relation queries that once held the server for minutes.
 */
export const GRAPHQL_LIMITS = {
  /** Levels of selection below the root field. */
  maxDepth: 8,
  /** Aliased fields in the whole document; Hasura clients alias a few mutations at most. */
  maxAliases: 30,
  /** Worst-case rows, each list field counting its limit times what is selected below it. */
  maxCost: 20_000,
  /** Rows a list returns when it names no `limit`, and the most it may ask for. */
  defaultRows: 100,
  maxRows: 500,
  /**
   * Rows a relationship list returns when it names no `limit` (a block's widgets, a zone's records), per parent row.
   * It is the cap at run time as well as the figure the cost counts, so the bound is real; ask with `limit` for more.
   */
  relationRows: 50,
} as const;

export type LimitFailure =
  | { reason: 'depth'; limit: number }
  | { reason: 'aliases'; limit: number }
  | { reason: 'cost'; limit: number; cost: number };

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  aliases: number;
  maxDepth: number;
}

/** The first limit the chosen operation breaks, or undefined. Run after graphql-js validation (no fragment cycles). */
export function checkDocumentLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): LimitFailure | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return undefined;
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return undefined;
  const walk: Walk = {
    schema,
    fragments: new Map(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((f) => [f.name.value, f]),
    ),
    variables: variables ?? {},
    aliases: 0,
    maxDepth: 0,
  };
  const cost = costOf(walk, root, operation.selectionSet, 0);
  if (walk.maxDepth > GRAPHQL_LIMITS.maxDepth) return { reason: 'depth', limit: GRAPHQL_LIMITS.maxDepth };
  if (walk.aliases > GRAPHQL_LIMITS.maxAliases) return { reason: 'aliases', limit: GRAPHQL_LIMITS.maxAliases };
  if (cost > GRAPHQL_LIMITS.maxCost) return { reason: 'cost', limit: GRAPHQL_LIMITS.maxCost, cost };
  return undefined;
}

/** Every field selected directly in a set, through inline fragments and named ones. */
function fieldsOf(walk: Walk, set: SelectionSetNode, out: FieldNode[] = []): FieldNode[] {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fieldsOf(walk, selection.selectionSet, out);
    else {
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment) fieldsOf(walk, fragment.selectionSet, out);
    }
  }
  return out;
}

/**
 * The worst-case rows below a selection. Under an `_aggregate` field, its `nodes` are as many rows as the aggregate's
 * `limit` allows (`nodesRows`), and the aggregate values are one row each.
 */
function costOf(walk: Walk, type: GraphQLNamedType, set: SelectionSetNode, depth: number, nodesRows?: number): number {
  if (depth > walk.maxDepth) walk.maxDepth = depth;
  // Stop walking once a limit is certainly broken: a hostile document may be huge.
  if (depth > GRAPHQL_LIMITS.maxDepth + 1 || !isObjectType(type)) return 0;
  let total = 0;
  for (const node of fieldsOf(walk, set)) {
    if (node.alias) walk.aliases += 1;
    const field = type.getFields()[node.name.value] as GraphQLField<unknown, unknown> | undefined;
    if (!field || !node.selectionSet) continue;
    const root = type.name.endsWith('_root');
    const rows =
      nodesRows !== undefined && node.name.value === 'nodes'
        ? nodesRows
        : getNullableType(field.type) instanceof GraphQLList
          ? listRows(walk, field, node, root)
          : 1;
    const aggregateRows = isPagedAggregate(field) ? listRows(walk, field, node, root) : undefined;
    total += rows * (1 + costOf(walk, getNamedType(field.type), node.selectionSet, depth + 1, aggregateRows));
    if (total > GRAPHQL_LIMITS.maxCost * 10) return total;
  }
  return total;
}

const isPagedAggregate = (field: GraphQLField<unknown, unknown>) =>
  getNamedType(field.type).name.endsWith('_aggregate') && field.args.some((a) => a.name === 'limit');

/**
 * The rows a list field may return: its `limit` argument (literal or variable), or the default for its kind (a
 * root list, or a relationship under a row).
 */
function listRows(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode, root: boolean): number {
  const fallback = root ? GRAPHQL_LIMITS.defaultRows : GRAPHQL_LIMITS.relationRows;
  if (!field.args.some((a) => a.name === 'limit')) return GRAPHQL_LIMITS.relationRows;
  const arg = node.arguments?.find((a) => a.name.value === 'limit');
  const value = arg ? argumentValue(walk, arg.value) : undefined;
  const rows = typeof value === 'number' && value >= 0 ? value : fallback;
  return Math.max(1, Math.min(rows, GRAPHQL_LIMITS.maxRows));
}

function argumentValue(walk: Walk, value: ValueNode): unknown {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) return walk.variables[value.name.value];
  return undefined;
}
