import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  activistPressures,
  activists,
  certificates,
  dnsHostedZones,
  dnsRecords,
  donations,
  facebookBotActivists,
  facebookBotCampaignActivists,
  facebookBotCampaigns,
  facebookBotConfigurations,
  formEntries,
  mobilizations,
  subscriptions,
  twilioCalls,
  twilioCallTransitions,
  twilioConfigurations,
  uploads,
} from '../db/schema';
import type { GraphQLModule, RowFilter } from '../graphql/policy';
import { managedCommunityFilter, workableCommunityFilter } from './access';

/*
 * Tables of features whose screens come later (activists, actions, donations, the chat bot, domains, telephony,
 * uploads): their generated surface is read-only for now, behind the same rule as the REST reports: the rows of
 * communities one works in. Settings holding a provider's secrets are for the community's admins only, and the
 * secrets themselves are never read back.
 */

const ofCommunity =
  (column: AnyPgColumn): RowFilter =>
  (actor) =>
    workableCommunityFilter(actor, column);

/** Rows whose parent row (through `column` = `parent.id`) the actor may see. */
const through =
  (column: AnyPgColumn, parent: PgTable, parentId: AnyPgColumn, parentFilter: RowFilter): RowFilter =>
  (actor) => {
    const filter: SQL = parentFilter(actor) ?? sql`true`;
    return sql`${column} in (select ${parentId} from ${parent} where ${filter})`;
  };

const ofPage = (column: AnyPgColumn) =>
  through(column, mobilizations, mobilizations.id, ofCommunity(mobilizations.communityId));

export const featureGraphQL: GraphQLModule = {
  tables: {
    activists: { select: ofCommunity(activists.communityId) },
    // `layout` is the export's own bookkeeping (migration 0031), kept by PostgreSQL: nothing to read or write.
    form_entries: { select: ofPage(formEntries.mobilizationId), hidden: ['layout'] },
    activist_pressures: { select: ofPage(activistPressures.mobilizationId) },
    subscriptions: { select: ofCommunity(subscriptions.communityId), hidden: ['manage_token_hash'] },
    donations: { select: ofCommunity(donations.communityId) },
    facebook_bot_configurations: {
      select: (actor) => managedCommunityFilter(actor, facebookBotConfigurations.communityId),
      writeOnly: ['messenger_app_secret', 'messenger_validation_token', 'messenger_page_access_token'],
    },
    facebook_bot_activists: { select: ofCommunity(facebookBotActivists.communityId) },
    facebook_bot_campaigns: { select: ofCommunity(facebookBotCampaigns.communityId) },
    facebook_bot_campaign_activists: {
      select: through(
        facebookBotCampaignActivists.facebookBotCampaignId,
        facebookBotCampaigns,
        facebookBotCampaigns.id,
        ofCommunity(facebookBotCampaigns.communityId),
      ),
    },
    dns_hosted_zones: { select: ofCommunity(dnsHostedZones.communityId) },
    dns_records: {
      select: through(
        dnsRecords.dnsHostedZoneId,
        dnsHostedZones,
        dnsHostedZones.id,
        ofCommunity(dnsHostedZones.communityId),
      ),
    },
    certificates: { select: ofCommunity(certificates.communityId) },
    twilio_configurations: {
      select: (actor) => managedCommunityFilter(actor, twilioConfigurations.communityId),
      writeOnly: ['twilio_auth_token'],
    },
    twilio_calls: { select: ofCommunity(twilioCalls.communityId) },
    twilio_call_transitions: {
      select: through(
        twilioCallTransitions.twilioCallId,
        twilioCalls,
        twilioCalls.id,
        ofCommunity(twilioCalls.communityId),
      ),
    },
    uploads: { select: ofCommunity(uploads.communityId) },
  },
};
