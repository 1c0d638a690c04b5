import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import type { Db } from '../db/client';
import {
  activists,
  facebookBotActivists,
  facebookBotCampaignActivists,
  facebookBotCampaigns,
  facebookBotConfigurations,
} from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

type Status = 'pending' | 'sending' | 'sent' | 'failed';

async function botOf(db: Db, communityId: number) {
  const [configuration] = await db
    .insert(facebookBotConfigurations)
    .values({
      communityId,
      messengerAppSecret: 's',
      messengerValidationToken: 'v',
      messengerPageAccessToken: 't',
    })
    .returning();
  return configuration?.id ?? 0;
}

/**
 * The read side of mass messages over a known community:
 *
 * | person | tags        | Messenger subscriber        |
 * |--------|-------------|-----------------------------|
 * | Ana    | voluntaria  | yes (profile picture, 'female') |
 * | Bruno  | voluntaria  | no: skipped                 |
 * | Carla  | doadora     | yes                         |
 * | Davi   |             | yes                         |
 * | Eva    | doadora     | no: skipped                 |
 *
 * and another community with its own bot, subscriber and campaign, never seen here.
 */
describe('mass messages: the audience and the campaign list', () => {
  let server: TestServer;
  let admin: Client;
  let stranger: Client;
  let communityId: number;
  let otherCommunityId: number;
  let bareCommunityId: number;
  let otherConfigurationId: number;
  const campaignIds: number[] = [];
  const audience = (query = '', id = communityId) => admin.get(`/api/communities/${id}/bot/audience?${query}`);
  const firstNames = (body: { recipients: { first_name: string }[] }) => body.recipients.map((r) => r.first_name);

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const owner = await createUser(db, { email: 'bot-admin@example.org' });
    const other = await createUser(db, { email: 'bot-stranger@example.org' });
    communityId = (await createCommunity(db, { name: 'Robôs', ownerId: owner.id })).id;
    otherCommunityId = (await createCommunity(db, { name: 'Outra', ownerId: other.id })).id;
    bareCommunityId = (await createCommunity(db, { name: 'Sem bot', ownerId: owner.id })).id;
    const configurationId = await botOf(db, communityId);
    otherConfigurationId = await botOf(db, otherCommunityId);
    const person = async (
      community: number,
      name: string,
      tags: string[],
      subscriber: { configurationId: number; pic?: string; gender?: string } | null,
    ) => {
      const [row] = await db
        .insert(activists)
        .values({ communityId: community, name, firstName: name, email: `${name.toLowerCase()}@example.org`, tags })
        .returning();
      if (subscriber)
        await db.insert(facebookBotActivists).values({
          facebookBotConfigurationId: subscriber.configurationId,
          communityId: community,
          activistId: row?.id,
          fbContextRecipientId: `psid-${name}`,
          fbContextSenderId: 'page',
          firstName: name,
          lastName: 'Silva',
          profilePic: subscriber.pic ?? null,
          gender: subscriber.gender ?? null,
        });
    };
    await person(communityId, 'Ana', ['voluntaria'], {
      configurationId,
      pic: 'https://example.org/ana.png',
      gender: 'female',
    });
    await person(communityId, 'Bruno', ['voluntaria'], null);
    await person(communityId, 'Carla', ['doadora'], { configurationId });
    await person(communityId, 'Davi', [], { configurationId, gender: 'male' });
    await person(communityId, 'Eva', ['doadora'], null);
    await person(otherCommunityId, 'Zeca', ['voluntaria'], { configurationId: otherConfigurationId });
    await person(bareCommunityId, 'Yara', [], null);

    const campaign = async (
      community: number,
      configuration: number,
      name: string,
      statuses: Status[],
      skipped = 0,
    ) => {
      const [row] = await db
        .insert(facebookBotCampaigns)
        .values({
          communityId: community,
          facebookBotConfigurationId: configuration,
          name,
          text: `Texto de ${name}`,
          totalImpactedActivists: statuses.length,
          skippedCount: skipped,
          status: statuses.includes('pending') ? 'sending' : 'sent',
        })
        .returning();
      const id = row?.id ?? 0;
      if (statuses.length)
        await db
          .insert(facebookBotCampaignActivists)
          .values(statuses.map((status, i) => ({ facebookBotCampaignId: id, fbContextRecipientId: `r${i}`, status })));
      return id;
    };
    campaignIds.push(await campaign(communityId, configurationId, 'Primeira', ['sent', 'sent', 'failed'], 2));
    campaignIds.push(await campaign(otherCommunityId, otherConfigurationId, 'Alheia', ['sent']));
    campaignIds.push(await campaign(communityId, configurationId, 'Segunda', ['pending', 'sending', 'sent'], 1));
    campaignIds.push(await campaign(communityId, configurationId, 'Terceira', []));
    admin = await signIn(server, owner.email);
    stranger = await signIn(server, other.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('previews everyone who talks to the bot, and counts the matching people without an opt-in as skipped', async () => {
    const res = await audience();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(firstNames(res.body)).toEqual(['Ana', 'Carla', 'Davi']);
    expect(res.body).toMatchObject({ total: 3, matched: 5, skipped: 2 });
    expect(res.body.recipients[0]).toEqual({
      id: expect.any(Number),
      first_name: 'Ana',
      last_name: 'Silva',
      profile_pic: 'https://example.org/ana.png',
      gender: 'female',
    });
  });

  it('narrows with the people list’s filters, each with its one right answer', async () => {
    const voluntaria = (await audience('tags=voluntaria')).body;
    expect(firstNames(voluntaria)).toEqual(['Ana']);
    expect(voluntaria).toMatchObject({ total: 1, matched: 2, skipped: 1 });
    const doadora = (await audience('tags=doadora')).body;
    expect(firstNames(doadora)).toEqual(['Carla']);
    expect(doadora).toMatchObject({ total: 1, matched: 2, skipped: 1 });
    expect((await audience('q=davi')).body).toMatchObject({ total: 1, matched: 1, skipped: 0 });
    expect((await audience('q=bruno')).body).toMatchObject({ recipients: [], total: 0, matched: 1, skipped: 1 });
    // A preview shorter than the audience still counts all of it.
    const first = (await audience('limit=2')).body;
    expect(firstNames(first)).toEqual(['Ana', 'Carla']);
    expect(first.total).toBe(3);
    // A wrong filter is refused by name, in the caller's language.
    const wrong = await audience('period=custom&from=ontem');
    expect(wrong.status).toBe(400);
  });

  it('takes a saved segment’s filters, and another community’s segment is not found', async () => {
    const created = await admin.post(`/api/communities/${communityId}/activist_segments`, {
      segment: { name: 'Doadoras', filter: { tags: ['doadora'] } },
    });
    expect(created.status).toBe(201);
    const res = await audience(`segment_id=${created.body.id}`);
    expect(firstNames(res.body)).toEqual(['Carla']);
    expect(res.body).toMatchObject({ total: 1, matched: 2, skipped: 1 });
    const theirs = await stranger.post(`/api/communities/${otherCommunityId}/activist_segments`, {
      segment: { name: 'Deles', filter: {} },
    });
    expect((await audience(`segment_id=${theirs.body.id}`)).status).toBe(404);
  });

  it('never reaches through another community’s bot, and without a bot everyone is skipped', async () => {
    // Asking for the other community's configuration falls back to the community's own.
    const res = await audience(`facebook_bot_configuration_id=${otherConfigurationId}`);
    expect(firstNames(res.body)).toEqual(['Ana', 'Carla', 'Davi']);
    const bare = await audience('', bareCommunityId);
    expect(bare.body).toEqual({
      recipients: [],
      total: 0,
      matched: 1,
      skipped: 1,
      facebook_bot_configuration_id: null,
    });
  });

  it('lists the campaigns newest first with their counts by status, a page at a time', async () => {
    const [primeira, , segunda, terceira] = campaignIds;
    const url = `/api/communities/${communityId}/bot/campaigns`;
    const first = await admin.get(`${url}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.campaigns.map((c: { id: number }) => c.id)).toEqual([terceira, segunda]);
    expect(first.body.campaigns[0]).toMatchObject({
      name: 'Terceira',
      text: 'Texto de Terceira',
      status: 'sent',
      total_impacted_activists: 0,
      counts: { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 },
    });
    expect(first.body.campaigns[1].counts).toEqual({ pending: 1, sending: 1, sent: 1, failed: 0, skipped: 1 });
    expect(first.body.next_cursor).toBe(String(segunda));
    const second = await admin.get(`${url}?limit=2&after=${first.body.next_cursor}`);
    expect(second.body.campaigns).toHaveLength(1);
    expect(second.body.campaigns[0]).toMatchObject({
      id: primeira,
      name: 'Primeira',
      total_impacted_activists: 3,
      counts: { pending: 0, sending: 0, sent: 2, failed: 1, skipped: 2 },
    });
    expect(Date.parse(second.body.campaigns[0].created_at)).not.toBeNaN();
    expect(second.body.next_cursor).toBeNull();
    // The other community's campaign is never listed here.
    expect((await admin.get(url)).body.campaigns.map((c: { name: string }) => c.name)).toEqual([
      'Terceira',
      'Segunda',
      'Primeira',
    ]);
    expect((await admin.get(`/api/communities/${bareCommunityId}/bot/campaigns`)).body).toEqual({
      campaigns: [],
      next_cursor: null,
    });
  });

  it('answers GraphQL getFacebookBotCampaignsByCommunityId with the same rows and counts', async () => {
    const query = `query ($id: Int!, $after: Int, $limit: Int) {
      getFacebookBotCampaignsByCommunityId(community_id: $id, after: $after, limit: $limit) {
        totalCount
        nodes { id name text status total_impacted_activists created_at pending sending sent failed skipped }
      }
    }`;
    const res = await admin.graphql(query, { id: communityId });
    expect(res.body.errors).toBeUndefined();
    const { nodes: rows, totalCount } = res.body.data.getFacebookBotCampaignsByCommunityId;
    expect(totalCount).toBe(3);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(rows[2]).toMatchObject({ pending: 0, sending: 0, sent: 2, failed: 1, skipped: 2 });
    expect(rows[1]).toMatchObject({ pending: 1, sending: 1, sent: 1, failed: 0, skipped: 1 });
    const paged = await admin.graphql(query, { id: communityId, after: campaignIds[2], limit: 5 });
    expect(paged.body.data.getFacebookBotCampaignsByCommunityId.nodes.map((r: { name: string }) => r.name)).toEqual([
      'Primeira',
    ]);
    // Another community's campaigns are simply absent, and the generated table shows only the caller's.
    const theirs = await stranger.graphql(query, { id: communityId });
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.body.data.getFacebookBotCampaignsByCommunityId).toEqual({ totalCount: 0, nodes: [] });
    const table = await stranger.graphql('{ facebook_bot_campaigns { name } }');
    expect(table.body.data.facebook_bot_campaigns).toEqual([{ name: 'Alheia' }]);
  });

  it("answers Bonde's admin-client call (ctxCommunityId, camelCase nodes)", async () => {
    const query = `query ($communityId: Int!) {
      query: getFacebookBotCampaignsByCommunityId(ctxCommunityId: $communityId) {
        campaigns: nodes {
          id facebookBotConfigurationId name segmentFilters totalImpactedActivists createdAt updatedAt
        }
      }
    }`;
    const res = await admin.graphql(query, { communityId });
    expect(res.body.errors).toBeUndefined();
    const campaigns = res.body.data.query.campaigns;
    expect(campaigns.map((c: { name: string }) => c.name)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(campaigns[0]).toMatchObject({
      facebookBotConfigurationId: expect.any(Number),
      segmentFilters: expect.any(Object),
      totalImpactedActivists: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const none = await admin.graphql('{ getFacebookBotCampaignsByCommunityId { totalCount } }');
    expect(none.body.errors[0].extensions.fields).toHaveProperty('community_id');
  });

  it('answers another community 404 with no hint, and anonymous callers 401', async () => {
    for (const path of ['bot/audience', 'bot/campaigns', 'bot/audience?tags=voluntaria']) {
      const res = await stranger.get(`/api/communities/${communityId}/${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/Ana|Primeira|Robôs/);
    }
    expect((await stranger.get('/api/communities/999999/bot/campaigns')).status).toBe(404);
    const anonymous = await new Client(server.url).get(`/api/communities/${communityId}/bot/campaigns`);
    expect(anonymous.status).toBe(401);
  });
});
