/** Hasura-style SDL for themes; composed into the one schema by graphql/schema.ts. */
export const themeTypeDefs = /* GraphQL */ `
  type themes {
    id: Int!
    label: String!
  }

  type subthemes {
    id: Int!
    label: String!
    theme_id: Int!
    theme: themes!
  }

  input subthemes_bool_exp {
    _and: [subthemes_bool_exp!]
    _or: [subthemes_bool_exp!]
    _not: subthemes_bool_exp
    id: Int_comparison_exp
    label: String_comparison_exp
    theme_id: Int_comparison_exp
  }
  input subthemes_order_by { id: order_by label: order_by theme_id: order_by }
  input themes_order_by { id: order_by label: order_by }

  extend type query_root {
    "Subthemes with their theme; the settings form lists them with order_by: {label: asc}."
    subthemes(where: subthemes_bool_exp, order_by: [subthemes_order_by!], limit: Int, offset: Int): [subthemes!]!
    themes(order_by: [themes_order_by!]): [themes!]!
  }
`;
