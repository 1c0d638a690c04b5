import { sql } from 'drizzle-orm';
import { donations, subscriptions } from '../../db/schema';
import type { GraphQLModule } from '../../graphql/policy';
import { atPath, rowOf } from '../../graphql/read';

/** A subscription's payment method: its first donation's (the original kept it on the row); a card when none. */
const paymentMethod = () =>
  sql`coalesce((select ${donations.paymentMethod} from ${donations} where ${donations.id} = ${subscriptions.originDonationId}), 'credit_card')`;

/**
 * The names Bonde's canary client reads on `subscriptions` (its superuser's donation search), over our columns:
 * `customer_data` is the donor as given at checkout (`customer`), `payment_method` the subscription's (also a filter).
 * `token` was the original's manage-my-donation token; we keep only its hash, and the link it opens lets whoever
 * holds it cancel or change the donation, which is the donor's alone: it always reads null.
 */
export const bondeSubscriptionGraphQL: GraphQLModule = {
  fields: {
    subscriptions: {
      customer_data: {
        sdl: '"The donor as given at checkout (name, document, e-mail, phone, address)."\n    customer_data(path: String): jsonb',
        resolve: (node, args) => atPath(rowOf(node).customer ?? null, args.path as string | undefined),
      },
      payment_method: {
        sdl: "\"'credit_card' or 'boleto', as the first donation was paid.\"\n    payment_method: String",
        resolve: async (node, _args, gctx) => {
          const id = rowOf(node).originDonationId as number | null;
          if (id === null) return 'credit_card';
          const rows = (await gctx.app.db.execute(
            sql`select ${donations.paymentMethod} as m from ${donations} where ${donations.id} = ${id}`,
          )) as unknown as { rows: { m: string }[] };
          return rows.rows[0]?.m ?? 'credit_card';
        },
        filter: { type: 'String', sql: paymentMethod },
      },
      token: {
        sdl: '"The original\'s manage-my-donation token: only its hash is kept, and it is the donor\'s alone. Always null."\n    token: String',
        resolve: () => null,
      },
    },
  },
};
