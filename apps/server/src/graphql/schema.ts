import { buildSchema } from 'graphql';
import { blockTypeDefs } from '../blocks/typeDefs';
import { mobilizationTypeDefs } from '../mobilizations/typeDefs';
import { templateTypeDefs } from '../templates/typeDefs';
import { themeTypeDefs } from '../themes/typeDefs';
import { COMPARISON_INPUTS } from './hasura';

/**
 * Hasura-style names, arguments and types, so documents written for the original service keep working.
 * Later domains extend query_root and mutation_root here.
 */
export const typeDefs = /* GraphQL */ `
  ${COMPARISON_INPUTS}

  type users {
    id: Int!
    email: String!
    first_name: String
    last_name: String
    avatar: String
    locale: String!
    is_admin: Boolean!
    created_at: timestamptz!
    permissions: [community_users!]!
  }

  type community_users {
    id: Int!
    community_id: Int!
    user_id: Int!
    role: Int!
    created_at: timestamptz!
    community: communities
  }

  type communities {
    id: Int!
    name: String!
    city: String!
    description: String
    image: String
    slug: String
    fb_link: String
    twitter_link: String
    facebook_app_id: String
    email_template_from: String
    mailchimp_list_id: String
    mailchimp_group_id: String
    modules: jsonb
    signature: jsonb
    created_at: timestamptz!
    updated_at: timestamptz!
    "The caller's role in this community (1 admin, 2 mobilizer)."
    role: Int
  }

  input communities_bool_exp {
    _and: [communities_bool_exp!]
    _or: [communities_bool_exp!]
    _not: communities_bool_exp
    id: Int_comparison_exp
    name: String_comparison_exp
    city: String_comparison_exp
    slug: String_comparison_exp
    created_at: timestamptz_comparison_exp
    updated_at: timestamptz_comparison_exp
  }

  input communities_order_by { id: order_by name: order_by city: order_by created_at: order_by updated_at: order_by }
  input communities_pk_columns_input { id: Int! }
  input communities_insert_input { name: String city: String }
  input communities_set_input {
    name: String
    city: String
    description: String
    image: String
    fb_link: String
    twitter_link: String
    facebook_app_id: String
    email_template_from: String
  }
  type communities_aggregate { aggregate: aggregate_count! }

  type query_root {
    "The signed-in user, as a list (it is a Hasura function); clients take the first element."
    get_current_user: [users!]!
    communities(where: communities_bool_exp, order_by: [communities_order_by!], limit: Int, offset: Int): [communities!]!
    communities_by_pk(id: Int!): communities
    communities_aggregate(where: communities_bool_exp): communities_aggregate!
  }

  type mutation_root {
    insert_communities_one(object: communities_insert_input!): communities
    update_communities_by_pk(pk_columns: communities_pk_columns_input!, _set: communities_set_input): communities
  }

  schema { query: query_root mutation: mutation_root }

  ${themeTypeDefs}
  ${mobilizationTypeDefs}
  ${templateTypeDefs}
  ${blockTypeDefs}
`;

export const schema = buildSchema(typeDefs);
