import { getTableColumns } from 'drizzle-orm';
import {
  type DocumentNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import { mobilizations } from '../db/schema';

/**
 * Which GraphQL documents the mobilization list's answer cache may keep: reads of `mobilizations` and
 * `mobilizations_aggregate` only, asking for the table's own columns and the two figures computed from form entries,
 * pressures and donations, filtered and ordered by the table's own columns. Every table such an answer reads
 * announces its changes on 'mutirao_lists' (migration 0030), and who may see which rows on 'mutirao_access', so a kept
 * answer is dropped the moment it could differ. Anything else (a relation, a fragment, another root field, a filter
 * through a relation) is never kept.
 */
const COLUMNS = new Set(Object.values(getTableColumns(mobilizations)).map((column) => column.name));
const COMPUTED = new Set(['users_count', 'total_fund_raising']);
const LOGICAL = new Set(['_and', '_or', '_not']);
const ARGUMENTS = new Set(['where', 'order_by', 'limit', 'offset', 'distinct_on']);

/** A `where` that names only the table's own columns (any comparison on them), joined by _and/_or/_not. */
function ownColumnsOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(ownColumnsOnly);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, inner]) => (LOGICAL.has(key) ? ownColumnsOnly(inner) : COLUMNS.has(key)));
}

/** An `order_by` (an object or a list of them) on the table's own columns only. */
function ordersByOwnColumns(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(ordersByOwnColumns);
  if (value === null || value === undefined) return true;
  return typeof value === 'object' && Object.keys(value).every((key) => COLUMNS.has(key));
}

function leavesOnly(set: SelectionSetNode | undefined, allowed: (name: string) => boolean): boolean {
  return Boolean(
    set?.selections.every(
      (s) => s.kind === Kind.FIELD && !s.selectionSet && (s.name.value === '__typename' || allowed(s.name.value)),
    ),
  );
}

export function isKeptListDocument(
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  variables: Record<string, unknown> | null | undefined,
): boolean {
  if (operation?.operation !== 'query' || document.definitions.length !== 1) return false;
  return operation.selectionSet.selections.every((root) => {
    if (root.kind !== Kind.FIELD) return false;
    const args = Object.fromEntries(
      (root.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value, variables ?? undefined)]),
    );
    if (!Object.keys(args).every((name) => ARGUMENTS.has(name))) return false;
    if (!ownColumnsOnly(args.where ?? null) || !ordersByOwnColumns(args.order_by)) return false;
    if (root.name.value === 'mobilizations')
      return leavesOnly(root.selectionSet, (name) => COLUMNS.has(name) || COMPUTED.has(name));
    if (root.name.value === 'mobilizations_aggregate')
      return Boolean(
        root.selectionSet?.selections.every(
          (s) =>
            s.kind === Kind.FIELD &&
            (s.name.value === '__typename' ||
              (s.name.value === 'aggregate' && leavesOnly(s.selectionSet, (name) => name === 'count'))),
        ),
      );
    return false;
  });
}
