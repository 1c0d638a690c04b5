// A mass message to 100,000 Messenger subscribers on PostgreSQL with the sandbox driver, unthrottled
// (MESSENGER_MAX_PER_SECOND=0; no id ends in the sandbox's unreachable 0551): the enqueue's time (campaign, recipients by one INSERT … SELECT, the job), the
// fan-out's rate with p50/p99 per batch, and a check that every recipient got exactly one message. docs/bench.md.
import { Agent } from 'node:http';
import { call, seedFormPage } from './bench-forms.mjs';
import { psql } from './psql.mjs';

export const RECIPIENTS = 100_000;

/** People who all talk to the community's bot (configuration made here), in two statements. */
const seedQuery = (communityId) => `
  INSERT INTO facebook_bot_configurations (community_id, messenger_app_secret, messenger_validation_token,
    messenger_page_access_token) VALUES (${communityId}, 'bench', 'bench', 'bench');
  INSERT INTO activists (community_id, email, name, first_name, tags, created_at)
  SELECT ${communityId}, 'bot' || g || '@bench.mutirao.org', 'Pessoa ' || g, 'Pessoa',
    CASE WHEN g % 10 = 0 THEN ARRAY['voluntaria'] ELSE '{}'::text[] END, now() - interval '10 days'
  FROM generate_series(1, ${RECIPIENTS}) g;
  INSERT INTO facebook_bot_activists (facebook_bot_configuration_id, community_id, activist_id, fb_context_recipient_id,
    fb_context_sender_id, first_name)
  SELECT (SELECT max(id) FROM facebook_bot_configurations WHERE community_id = ${communityId}), ${communityId}, a.id,
    'psid-' || a.id || '-b', 'bench-page', a.first_name
  FROM activists a WHERE a.community_id = ${communityId} AND a.email LIKE 'bot%@bench.mutirao.org';
  ANALYZE activists; ANALYZE facebook_bot_activists;`;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The mass-message figures on one running server on PostgreSQL (`pgUrl`), started with the sandbox, unthrottled. */
export async function massMessagesBench({ server, label, rows, pgUrl }) {
  const agent = new Agent({ keepAlive: true });
  const page = await seedFormPage(agent, server.url, `bot-${label}`, 1);
  const seed = psql(pgUrl, seedQuery(page.community_id));
  const configurationId = Number(
    psql(pgUrl, `select max(id) from facebook_bot_configurations where community_id = ${page.community_id}`).out,
  );
  const res = await call(agent, `${server.url}/api/enqueue-mass-messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${page.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      community_id: page.community_id,
      facebook_bot_configuration_id: configurationId,
      name: 'Bench',
      text: 'Assembleia no sábado às 10h',
    }),
  });
  if (res.status !== 201) throw new Error(`enqueue answered ${res.status}: ${res.body.slice(0, 300)}`);
  const campaign = JSON.parse(res.body).facebook_bot_campaign;
  if (campaign.total_impacted_activists !== RECIPIENTS)
    throw new Error(`the campaign reaches ${campaign.total_impacted_activists}, not ${RECIPIENTS}`);
  for (let waited = 0; ; waited += 1) {
    const status = psql(pgUrl, `select status from facebook_bot_campaigns where id = ${campaign.id}`).out;
    if (status === 'sent' || status === 'failed') break;
    if (waited > 1200) throw new Error(`the fan-out did not end in 20 minutes (${status})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const batches = psql(
    pgUrl,
    `select extract(epoch from (max(sent_at) - sending_at)) * 1000 from facebook_bot_campaign_activists
     where facebook_bot_campaign_id = ${campaign.id} and status = 'sent' group by sending_at`,
  )
    .out.split('\n')
    .map(Number)
    .sort((a, b) => a - b);
  const [sent, seconds] = psql(
    pgUrl,
    `select count(*), extract(epoch from (max(sent_at) - min(sending_at))) from facebook_bot_campaign_activists
     where facebook_bot_campaign_id = ${campaign.id} and status = 'sent'`,
  )
    .out.split('|')
    .map(Number);
  const [messages, distinct, most] = psql(
    pgUrl,
    `select count(*), count(distinct recipient), coalesce(max(n), 0) from (
       select recipient, count(*) over (partition by recipient) as n from chatbot_sandbox_messages
       where facebook_bot_campaign_id = ${campaign.id}) m`,
  )
    .out.split('|')
    .map(Number);
  const exact = sent === RECIPIENTS && messages === RECIPIENTS && distinct === RECIPIENTS && most === 1;
  const n = RECIPIENTS.toLocaleString('en');
  rows.push([
    `${label}: mass message to ${n} subscribers, enqueue`,
    `${res.ms.toFixed(0)} ms`,
    'one request, one transaction',
  ]);
  rows.push([
    `${label}: mass message fan-out (sandbox, unthrottled)`,
    `${(sent / seconds).toFixed(0)} msg/s`,
    `${sent.toLocaleString('en')} sent in ${seconds.toFixed(1)} s; batch of 100: p50 ${quantile(batches, 0.5).toFixed(0)} ms, p99 ${quantile(batches, 0.99).toFixed(0)} ms`,
  ]);
  rows.push([
    `${label}: every recipient got exactly one message`,
    exact ? 'yes' : 'NO',
    `${messages.toLocaleString('en')} messages to ${distinct.toLocaleString('en')} recipients, at most ${most} each`,
  ]);
  rows.push([`${label}: mass message, seeding ${n} subscribers`, `${(seed.ms / 1000).toFixed(0)} s`, '']);
  agent.destroy();
}
