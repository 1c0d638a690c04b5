/** Hasura-style SDL for blocks and their widgets; composed into the one schema by graphql/schema.ts. */
export const blockTypeDefs = /* GraphQL */ `
  type widgets {
    id: Int!
    block_id: Int!
    kind: String!
    sm_size: Int!
    md_size: Int!
    lg_size: Int!
    settings: jsonb
    goal: Int
    form_entries_count: Int!
    exported_at: timestamptz
    created_at: timestamptz!
    updated_at: timestamptz!
    block: blocks
  }

  type blocks {
    id: Int!
    mobilization_id: Int!
    name: String
    position: Int!
    hidden: Boolean!
    menu_hidden: Boolean!
    bg_class: String
    bg_image: String
    created_at: timestamptz!
    updated_at: timestamptz!
    "The block's columns, in column order."
    widgets: [widgets!]!
  }

  input blocks_bool_exp {
    _and: [blocks_bool_exp!]
    _or: [blocks_bool_exp!]
    _not: blocks_bool_exp
    id: Int_comparison_exp
    mobilization_id: Int_comparison_exp
    name: String_comparison_exp
    position: Int_comparison_exp
    hidden: Boolean_comparison_exp
    menu_hidden: Boolean_comparison_exp
    created_at: timestamptz_comparison_exp
    updated_at: timestamptz_comparison_exp
  }
  input blocks_order_by {
    id: order_by
    mobilization_id: order_by
    name: order_by
    position: order_by
    created_at: order_by
    updated_at: order_by
  }
  input blocks_pk_columns_input { id: Int! }
  input blocks_set_input {
    name: String
    bg_class: String
    bg_image: String
    hidden: Boolean
    menu_hidden: Boolean
    position: Int
  }
  input widgets_insert_input { kind: String sm_size: Int md_size: Int lg_size: Int settings: jsonb }
  input widgets_arr_rel_insert_input { data: [widgets_insert_input!]! }
  input blocks_insert_input {
    mobilization_id: Int
    name: String
    bg_class: String
    bg_image: String
    hidden: Boolean
    menu_hidden: Boolean
    "The columns, one widget each (1 to 4); one full-width column when left out."
    widgets: widgets_arr_rel_insert_input
  }
  input blocks_updates { where: blocks_bool_exp! _set: blocks_set_input }
  type blocks_mutation_response { affected_rows: Int! returning: [blocks!]! }
  type blocks_aggregate { aggregate: aggregate_count! }

  input widgets_bool_exp {
    _and: [widgets_bool_exp!]
    _or: [widgets_bool_exp!]
    _not: widgets_bool_exp
    id: Int_comparison_exp
    block_id: Int_comparison_exp
    kind: String_comparison_exp
    created_at: timestamptz_comparison_exp
    updated_at: timestamptz_comparison_exp
    block: blocks_bool_exp
  }
  input widgets_order_by { id: order_by block_id: order_by kind: order_by created_at: order_by updated_at: order_by }

  extend type query_root {
    blocks(where: blocks_bool_exp, order_by: [blocks_order_by!], limit: Int, offset: Int): [blocks!]!
    blocks_by_pk(id: Int!): blocks
    blocks_aggregate(where: blocks_bool_exp): blocks_aggregate!
    widgets(where: widgets_bool_exp, order_by: [widgets_order_by!], limit: Int, offset: Int): [widgets!]!
    widgets_by_pk(id: Int!): widgets
  }

  extend type mutation_root {
    "Adds a block after the page's last one (position is the server's), with one widget per column."
    insert_blocks_one(object: blocks_insert_input!): blocks
    "Adds several blocks, in order, all or none."
    insert_blocks(objects: [blocks_insert_input!]!): blocks_mutation_response
    update_blocks_by_pk(pk_columns: blocks_pk_columns_input!, _set: blocks_set_input): blocks
    update_blocks(where: blocks_bool_exp!, _set: blocks_set_input): blocks_mutation_response
    "Several updates in turn, all or none: a reorder leaves no two blocks of a page on one position."
    update_blocks_many(updates: [blocks_updates!]!): [blocks_mutation_response]
    "Removes a block; the blocks below move up."
    delete_blocks_by_pk(id: Int!): blocks
    delete_blocks(where: blocks_bool_exp!): blocks_mutation_response
  }
`;
