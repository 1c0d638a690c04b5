/** Hasura-style SDL for mobilizations; composed into the one schema by graphql/schema.ts. */
export const mobilizationTypeDefs = /* GraphQL */ `
  type mobilizations_subthemes {
    id: Int!
    mobilization_id: Int!
    subtheme_id: Int!
    subtheme: subthemes!
  }

  type mobilizations {
    id: Int!
    name: String!
    slug: String!
    goal: String!
    favicon: String
    status: String!
    language: String!
    custom_domain: String
    community_id: Int!
    theme_id: Int
    theme: themes
    subthemes: [subthemes!]!
    mobilizations_subthemes: [mobilizations_subthemes!]!
    header_font: String
    body_font: String
    color_scheme: String
    google_analytics_code: String
    facebook_share_image: String
    facebook_share_title: String
    facebook_share_description: String
    twitter_share_text: String
    user_id: Int
    template_mobilization_id: Int
    "Distinct activists who acted on the page (form entries, pressures, donations)."
    users_count: Int!
    "Paid donations, in integer cents."
    total_fund_raising: bigint!
    created_at: timestamptz!
    updated_at: timestamptz!
    deleted_at: timestamptz
  }

  input mobilizations_bool_exp {
    _and: [mobilizations_bool_exp!]
    _or: [mobilizations_bool_exp!]
    _not: mobilizations_bool_exp
    id: Int_comparison_exp
    community_id: Int_comparison_exp
    status: String_comparison_exp
    name: String_comparison_exp
    slug: String_comparison_exp
    custom_domain: String_comparison_exp
    language: String_comparison_exp
    theme_id: Int_comparison_exp
    user_id: Int_comparison_exp
    template_mobilization_id: Int_comparison_exp
    created_at: timestamptz_comparison_exp
    updated_at: timestamptz_comparison_exp
  }

  input mobilizations_order_by {
    id: order_by
    name: order_by
    slug: order_by
    status: order_by
    created_at: order_by
    updated_at: order_by
  }
  input mobilizations_pk_columns_input { id: Int! }
  type mobilizations_aggregate { aggregate: aggregate_count! }

  input mobilizations_subthemes_insert_input { mobilization_id: Int subtheme_id: Int }
  input mobilizations_subthemes_arr_rel_insert_input { data: [mobilizations_subthemes_insert_input!]! }
  type mobilizations_subthemes_mutation_response { affected_rows: Int! returning: [mobilizations_subthemes!]! }

  input mobilizations_insert_input {
    community_id: Int
    name: String
    goal: String
    slug: String
    language: String
    theme_id: Int
    mobilizations_subthemes: mobilizations_subthemes_arr_rel_insert_input
    favicon: String
    header_font: String
    body_font: String
    color_scheme: String
    google_analytics_code: String
    facebook_share_image: String
    facebook_share_title: String
    facebook_share_description: String
    twitter_share_text: String
  }

  input mobilizations_set_input {
    name: String
    goal: String
    slug: String
    language: String
    status: String
    theme_id: Int
    favicon: String
    header_font: String
    body_font: String
    color_scheme: String
    google_analytics_code: String
    facebook_share_image: String
    facebook_share_title: String
    facebook_share_description: String
    twitter_share_text: String
  }

  extend type query_root {
    mobilizations(where: mobilizations_bool_exp, order_by: [mobilizations_order_by!], limit: Int, offset: Int): [mobilizations!]!
    mobilizations_by_pk(id: Int!): mobilizations
    mobilizations_aggregate(where: mobilizations_bool_exp): mobilizations_aggregate!
  }

  extend type mutation_root {
    "Creates a mobilization; nested mobilizations_subthemes.data links its subthemes."
    insert_mobilizations_one(object: mobilizations_insert_input!): mobilizations
    update_mobilizations_by_pk(pk_columns: mobilizations_pk_columns_input!, _set: mobilizations_set_input): mobilizations
    "Links subthemes to mobilizations that have none yet (theme and subthemes are locked afterwards)."
    insert_mobilizations_subthemes(objects: [mobilizations_subthemes_insert_input!]!): mobilizations_subthemes_mutation_response
  }
`;
