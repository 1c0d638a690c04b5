import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { AppError } from '../http/errors';
import { type RouterOperation, routerOperation } from './certificates';

/** The original admin's allow-list mutation (spec 01 §7), as it sent it: `router_add_operation(operation, domains)`. */
export const domainGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    extend type mutation_root {
      "Adds hosts to ('append') or removes them from ('remove') the list of hosts that may get a TLS certificate. Answers the hosts appended."
      router_add_operation(operation: String!, domains: [String]!): jsonb
    }
  `,
  resolvers: {
    router_add_operation: ({ operation, domains }, gctx) =>
      domainErrors(gctx.locale, async () => {
        if (operation !== 'append' && operation !== 'remove')
          throw new AppError('unprocessable', { operation: ['domains.operationInvalid'] });
        const hosts = await routerOperation(gctx.app.db, actorIn(gctx), domains, operation as RouterOperation);
        return { operation, domains: hosts };
      }),
  },
};
