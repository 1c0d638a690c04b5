import type { FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * The field names a query selects directly under the current field, through fragments too, so a list resolver
 * loads computed columns and relations only when they are asked for.
 */
export function selectedFields(info: GraphQLResolveInfo | undefined): Set<string> {
  const names = new Set<string>();
  if (!info) return names;
  const visit = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === 'Field') names.add(selection.name.value);
      else if (selection.kind === 'InlineFragment') visit(selection.selectionSet);
      else {
        const fragment: FragmentDefinitionNode | undefined = info.fragments[selection.name.value];
        visit(fragment?.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return names;
}
