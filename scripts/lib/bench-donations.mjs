// The donation widget's figure for `npm run bench`: sandbox card donations under 100 concurrent visitors, with every
// accepted answer checked against the paid rows stored. docs/bench.md explains it.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { call, json, notThisRun, seedActionPage } from './bench-forms.mjs';

const VISITORS = 100;

const CUSTOMER = {
  name: 'Visitante Bench',
  document_number: '52998224725',
  email: 'bench@example.org',
  phone: { ddd: '81', number: '988887777' },
  address: {
    zipcode: '50000000',
    street: 'Rua da Aurora',
    street_number: '100',
    neighborhood: 'Boa Vista',
    city: 'Recife',
    state: 'PE',
  },
};

/**
 * Donations per second: each visitor gives R$ 50 by card (the sandbox's approving test card, tokenised as the
 * browser would: no card data is sent), one attempt id per donation. A donation is two commits and a provider call
 * (the row `processing` before asking, the outcome after), so this is held to the same single-write ceiling as the
 * form only as a gauge.
 */
export async function donationBench({ server, label, seconds, rows }) {
  const { url } = server;
  const setup = new Agent({ keepAlive: true });
  const { page, token } = await seedActionPage(setup, url, label, 'donationPage');

  const agent = new Agent({ keepAlive: true, maxSockets: VISITORS });
  const latencies = [];
  const statuses = new Map();
  let paid = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const visitor = async (v) => {
    for (let i = 0; performance.now() < until; i++) {
      const donation = {
        widget_id: page.widget_id,
        payment_method: 'credit_card',
        amount: 5000,
        card_hash: `sandbox_approve_visa_1111_${randomBytes(6).toString('hex')}`,
        customer: { ...CUSTOMER, email: `doacao-${label}-${v}-${i}@example.org` },
        subscription: false,
        attempt: randomBytes(12).toString('hex'),
      };
      try {
        const res = await call(agent, `${url}/api/mobilizations/${page.mobilization_id}/donations`, {
          method: 'POST',
          body: JSON.stringify({ donation }),
          headers: { 'accept-language': 'pt-BR' },
        });
        latencies.push(res.ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201 && JSON.parse(res.body).donation.status === 'paid') paid += 1;
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

  const stored = await json(setup, `${url}/v1/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `query Stored($w: Int!) { donations_aggregate(where: {widget_id: {_eq: $w}, status: {_eq: "paid"}}) { aggregate { count } } }`,
      variables: { w: page.widget_id },
    }),
  });
  setup.destroy();
  const rowsPaid = stored.data.donations_aggregate.aggregate.count;
  const perSecond = paid / elapsed;
  const others = [...statuses].filter(([code]) => code !== 201).map(([code, n]) => `${n}×${code}`);
  rows.push([
    `${label}: sandbox card donations, ${VISITORS} visitors, ${seconds} s: paid/s`,
    perSecond.toFixed(0),
    notThisRun,
  ]);
  rows.push([`${label}: donations latency p50 / p99`, `${at(0.5).toFixed(0)} ms / ${at(0.99).toFixed(0)} ms`, '']);
  rows.push([
    `${label}: answered paid vs paid rows stored`,
    `${paid} / ${rowsPaid}`,
    `${paid === rowsPaid ? 'equal' : 'MISMATCH'}; other answers: ${others.join(', ') || 'none'}; errors ${errors}`,
  ]);
}
