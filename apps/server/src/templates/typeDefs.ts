/** Hasura-style SDL for templates; composed into the one schema by graphql/schema.ts. */
export const templateTypeDefs = /* GraphQL */ `
  type template_mobilizations {
    id: Int!
    name: String!
    goal: String
    global: Boolean!
    user_id: Int
    community_id: Int
    color_scheme: String
    facebook_share_image: String
    facebook_share_title: String
    facebook_share_description: String
    twitter_share_text: String
    header_font: String
    body_font: String
    favicon: String
    slug: String
    custom_domain: String
    uses_number: Int!
    created_at: timestamptz!
    updated_at: timestamptz!
  }

  input template_mobilizations_bool_exp {
    _and: [template_mobilizations_bool_exp!]
    _or: [template_mobilizations_bool_exp!]
    _not: template_mobilizations_bool_exp
    id: Int_comparison_exp
    name: String_comparison_exp
    goal: String_comparison_exp
    global: Boolean_comparison_exp
    community_id: Int_comparison_exp
    user_id: Int_comparison_exp
    uses_number: Int_comparison_exp
    created_at: timestamptz_comparison_exp
    updated_at: timestamptz_comparison_exp
  }
  input template_mobilizations_order_by {
    id: order_by
    name: order_by
    uses_number: order_by
    created_at: order_by
    updated_at: order_by
  }
  type template_mobilizations_aggregate { aggregate: aggregate_count! }

  extend type query_root {
    "Global templates and those of the caller's communities; filter with global and community_id."
    template_mobilizations(where: template_mobilizations_bool_exp, order_by: [template_mobilizations_order_by!], limit: Int, offset: Int): [template_mobilizations!]!
    template_mobilizations_by_pk(id: Int!): template_mobilizations
    template_mobilizations_aggregate(where: template_mobilizations_bool_exp): template_mobilizations_aggregate!
  }

  extend type mutation_root {
    delete_template_mobilizations_by_pk(id: Int!): template_mobilizations
    "Copies the template's blocks and widgets into mobilization id, in one transaction."
    create_mobilization_from_template(id: Int!, template_mobilization_id: Int!): mobilizations
  }
`;
