// The e-mail pressure's figure for `npm run bench`: fills under 100 concurrent visitors, each mailing three targets,
// with every accepted answer checked against the stored pressures and the outbox rows. docs/bench.md explains it.
import { Agent } from 'node:http';
import { call, json, notThisRun, seedActionPage } from './bench-forms.mjs';

const VISITORS = 100;

/** Fills per second, latency, and accepted answers against `activist_pressures` rows and outbox rows (three each). */
export async function pressureBench({ server, label, seconds, rows }) {
  const { url } = server;
  const setup = new Agent({ keepAlive: true });
  const { page, token } = await seedActionPage(setup, url, label, 'pressurePage');

  const agent = new Agent({ keepAlive: true, maxSockets: VISITORS });
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const visitor = async (v) => {
    for (let i = 0; performance.now() < until; i++) {
      const fill = {
        activist: { firstname: 'Visitante', lastname: `${v} ${i}`, email: `pressao-${label}-${v}-${i}@example.org` },
        mail: { subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' },
      };
      try {
        const res = await call(agent, `${url}/api/widgets/${page.widget_id}/fill`, {
          method: 'POST',
          body: JSON.stringify({ fill }),
          headers: { 'accept-language': 'pt-BR' },
        });
        latencies.push(res.ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(v)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const accepted = statuses.get(201) ?? 0;

  const auth = { authorization: `Bearer ${token}` };
  const stored = await json(setup, `${url}/v1/graphql`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      query: `query Stored($w: Int!) { activist_pressures_aggregate(where: {widget_id: {_eq: $w}}) { aggregate { count } } }`,
      variables: { w: page.widget_id },
    }),
  });
  const pressures = stored.data.activist_pressures_aggregate.aggregate.count;
  const deliveries = await json(
    setup,
    `${url}/api/mobilizations/${page.mobilization_id}/widgets/${page.widget_id}/deliveries`,
    {
      headers: auth,
    },
  );
  const mails = deliveries.reduce((n, d) => n + d.queued + d.sent + d.failed + d.bounced, 0);
  setup.destroy();
  const perSecond = accepted / elapsed;
  const consistent = pressures === accepted && mails === accepted * page.targets;
  const others = [...statuses].filter(([code]) => code !== 201).map(([code, n]) => `${n}×${code}`);
  rows.push([
    `${label}: e-mail pressure fills, ${VISITORS} visitors, ${page.targets} targets, ${seconds} s: accepted/s`,
    perSecond.toFixed(0),
    notThisRun,
  ]);
  rows.push([`${label}: pressure fills latency p50 / p99`, `${at(0.5).toFixed(0)} ms / ${at(0.99).toFixed(0)} ms`, '']);
  rows.push([
    `${label}: accepted fills vs pressures stored / outbox rows`,
    `${accepted} / ${pressures} / ${mails}`,
    `${consistent ? `equal (${page.targets} mails each)` : 'MISMATCH'}; other answers: ${others.join(', ') || 'none'}; errors ${errors}`,
  ]);
}
