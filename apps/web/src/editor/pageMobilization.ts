import { graphql } from '../api/graphql';
import type { EditorMobilizationQuery } from '../api/graphql.generated';

/** What the editor needs of the mobilization to render its page: name, fonts, colour scheme, language. */
export interface EditorMobilization {
  id: number;
  name: string;
  slug: string;
  language: string | null;
  header_font: string | null;
  body_font: string | null;
  color_scheme: string | null;
}

const QUERY = /* GraphQL */ `
  query EditorMobilization($id: Int!) {
    mobilizations(where: {id: {_eq: $id}}, limit: 1) { id name slug language header_font body_font color_scheme }
  }
`;

export const editorMobilizationKey = (id: number) => ['mobilization', id, 'page'] as const;

/** Undefined when it does not exist or belongs to a community the user cannot see. */
export async function fetchEditorMobilization(id: number): Promise<EditorMobilization | undefined> {
  const data = await graphql<EditorMobilizationQuery>(QUERY, { id });
  return data.mobilizations[0];
}
