import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { bondeAccountsGraphQL } from './accounts/bondeGraphql';
import { blockGraphQL } from './blocks/graphql';
import { actionViewsGraphQL } from './bonde/actionViews';
import { chatbotGraphQL } from './chatbot/graphql';
import { bondeCommunityGraphQL } from './communities/bondeGraphql';
import { featureGraphQL } from './communities/features';
import { communityGraphQL } from './communities/graphql';
import { twilioConfigurationGraphQL } from './communities/twilioGraphql';
import * as schema from './db/schema';
import { bondeDomainGraphQL } from './domains/bondeGraphql';
import { domainGraphQL } from './domains/graphql';
import { bondeUploadGraphQL } from './endpoints/bondeUploads';
import { buildGraphQLApi, type GraphQLApi } from './graphql/surface';
import { mobilizationGraphQL } from './mobilizations/graphql';
import { publishingGraphQL } from './publishing/graphql';
import { templateGraphQL } from './templates/graphql';
import { themeGraphQL } from './themes/graphql';
import { bondeSubscriptionGraphQL } from './widgets/donation/bondeGraphql';
import { donationGraphQL } from './widgets/donation/graphql';
import { widgetGraphQL } from './widgets/graphql';
import { plipGraphQL } from './widgets/plips/graphql';
import { pressureTargetsGraphQL } from './widgets/pressure/bondeTargets';
import { telephonyGraphQL } from './widgets/pressure/graphql';

let built: GraphQLApi | undefined;

/**
 * The composition root of the GraphQL API: the data model's tables, and each domain's module (its tables'
 * permissions, computed fields and custom root fields). `graphql/` itself knows no domain. Built on first use, not
 * when the module loads: building the schema takes about 200 ms that a server's first page need not wait for
 * (`main.ts` builds it a second after the server listens).
 */
export function graphqlApi(): GraphQLApi {
  built ??= buildGraphQLApi(
    (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)),
    [
      communityGraphQL,
      featureGraphQL,
      mobilizationGraphQL,
      publishingGraphQL,
      themeGraphQL,
      blockGraphQL,
      widgetGraphQL,
      templateGraphQL,
      telephonyGraphQL,
      donationGraphQL,
      domainGraphQL,
      chatbotGraphQL,
      bondeAccountsGraphQL,
      twilioConfigurationGraphQL,
      actionViewsGraphQL,
      pressureTargetsGraphQL,
      plipGraphQL,
      // Bonde's canary and admin clients: actions and the original's names over our model (docs/api.md).
      bondeUploadGraphQL,
      bondeDomainGraphQL,
      bondeCommunityGraphQL,
      bondeSubscriptionGraphQL,
    ],
  );
  return built;
}
