import { readFileSync } from 'node:fs';
import pg from 'pg';
import { demoSignUpBody } from '../../apps/server/test/demoSignUp';
import { connectTwilio } from '../tests/campaignPage';
import { expect, seedUser, test } from '../tests/fixtures';
import type { TopologyState } from './setup';

/*
 * A web process dies (SIGKILL: no grace, as a crash or a lost machine) while visitors act through Caddy. Caddy gives
 * the requests it could not deliver to the other process; the ones the dead process had taken are answered 502, and
 * the visitor sees an error and can send again. Nothing a visitor was told "accepted" may be missing, and a call in
 * progress must reach the visitor to its last state. systemd (here, setup.ts keeping the unit's Restart=always)
 * starts the process again, and Caddy's health check sends it requests once more.
 */

const state = (): TopologyState => JSON.parse(readFileSync(process.env.TOPOLOGY_STATE ?? '', 'utf8'));

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: state().databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The web process is back (a new pid, answering its health check) after systemd's RestartSec. */
async function restarted(name: string, oldPid: number) {
  await expect
    .poll(
      async () => {
        const w = state().web.find((x) => x.name === name);
        if (!w || w.pid === oldPid || !alive(w.pid)) return false;
        return (await fetch(`http://127.0.0.1:${w.port}/api/health`).catch(() => undefined))?.ok === true;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

test('a web process killed under load loses no sign-up a visitor saw accepted, and comes back', async ({ request }) => {
  test.setTimeout(180_000);
  const user = await seedUser(request, {
    firstName: 'Carga',
    communities: [{ name: 'Coletivo Carga', formEntries: 0 }],
  });
  const form = user.communities[0]?.form;
  if (!form) throw new Error('seed made no form page');
  const { url, web } = state();
  const victim = web[0] as TopologyState['web'][number];
  const run = Date.now().toString(36);
  const total = 300;
  const lanes = 12;
  const accepted: string[] = [];
  const refused: { email: string; status: number }[] = [];
  let next = 0;

  const signUp = async (i: number) => {
    const email = `carga-${run}-${i}@example.org`;
    const res = await fetch(`${url}/api/mobilizations/${form.mobilization_id}/form_entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(demoSignUpBody(form.widget_id, `Pessoa ${i}`, email)),
    }).catch(() => undefined);
    if (res?.status === 201) accepted.push(email);
    else refused.push({ email, status: res?.status ?? 0 });
    await res?.arrayBuffer();
  };
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let i = next++; i < total; i = next++) {
        // A third of the way in, the first web process dies with requests in flight.
        if (i === total / 3) process.kill(victim.pid, 'SIGKILL');
        await signUp(i);
      }
    }),
  );

  expect(alive(victim.pid)).toBe(false);
  // Only what the dead process held can fail, and it fails as a gateway error, never a 500.
  expect(refused.length).toBeLessThanOrEqual(lanes);
  for (const r of refused) expect(r.status, r.email).toBe(502);
  expect(accepted.length + refused.length).toBe(total);

  // Every accepted sign-up is in the database, once; nothing else was made up.
  const stored = await query<{ email: string; n: number }>(
    `select a.email, count(*)::int as n from form_entries e join activists a on a.id = e.activist_id
     where e.mobilization_id = $1 group by a.email`,
    [form.mobilization_id],
  );
  const byEmail = new Map(stored.map((r) => [r.email, r.n]));
  for (const email of accepted) expect(byEmail.get(email), email).toBe(1);
  expect(stored.length).toBeLessThanOrEqual(total);
  for (const r of stored) expect(r.n, r.email).toBe(1);

  // The unit's Restart=always brings it back, and Caddy sends it visitors again.
  await restarted(victim.name, victim.pid);
  const back = state().web.find((w) => w.name === victim.name) as TopologyState['web'][number];
  const logged = () =>
    readFileSync(back.log, 'utf8')
      .split('\n')
      .filter((l) => l.includes('/form_entries')).length;
  const before = logged();
  await expect
    .poll(
      async () => {
        await signUp(next++);
        return logged() > before;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});

test('a call in progress reaches the visitor to its last state when a web process dies', async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await seedUser(request, { firstName: 'Fio', communities: [{ name: 'Coletivo Fio', actionMix: true }] });
  const community = user.communities[0];
  const mix = community?.action_mix;
  if (!community || !mix) throw new Error('seed made no action mix');
  const signIn = await request.post('/api/auth/sign_in', { data: { email: user.email, password: user.password } });
  expect(signIn.status()).toBe(200);
  await connectTwilio(request, community.id);

  const { url, web } = state();
  const port = new URL(url).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${mix.slug}.localhost:${port}/`);
  const phone = visitor
    .locator('form')
    .filter({ has: visitor.getByRole('button', { name: 'Ligar para Vereador Beto' }) });
  await phone.getByRole('button', { name: 'Ligar para Vereador Beto' }).click();
  await phone.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
  await phone.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
  const email = `iara-${Date.now().toString(36)}@example.org`;
  await phone.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await phone.getByRole('textbox', { name: 'Telefone', exact: true }).fill('5581988887777');
  await phone.getByRole('button', { name: 'Ligar para Vereador Beto' }).click();
  const beto = visitor.locator('.mz-phone__target', { hasText: 'Vereador Beto' });
  await expect(beto.getByText('Chamando…')).toBeVisible({ timeout: 15_000 });

  // The sandbox plays Twilio inside the process that placed the call (its callbacks go to that process's own
  // webhook), so the other one dies: the visitor's long polls that it held are cut and must find the survivor.
  const placedBy = web.find((w) =>
    readFileSync(w.log, 'utf8').includes(`/api/widgets/${mix.widgets.phone}/call`),
  ) as TopologyState['web'][number];
  const victim = web.find((w) => w !== placedBy) as TopologyState['web'][number];
  process.kill(victim.pid, 'SIGKILL');

  await expect(beto.getByText(/^Em ligação: \d+ s$/)).toBeVisible({ timeout: 20_000 });
  await expect(beto.getByText('Ligação encerrada. Duração: 3 s')).toBeVisible({ timeout: 20_000 });
  const legs = async () => {
    const rows = await query<{ status: string; parent: string | null }>(
      `select t.status, t.twilio_parent_call_sid as parent from twilio_call_transitions t
       join twilio_calls c on c.id = t.twilio_call_id join activists a on a.id = c.activist_id
       where c.widget_id = $1 and a.email = $2 order by t.id`,
      [mix.widgets.phone, email],
    );
    return {
      visitor: rows.filter((t) => t.parent === null).map((t) => t.status),
      target: rows.filter((t) => t.parent !== null).map((t) => t.status),
    };
  };
  // Both legs, every state the sandbox walks (as Twilio reports them; the visitor's leg ends a step after the
  // target's): none missed while the process died.
  const walked = ['initiated', 'ringing', 'in-progress', 'completed'];
  await expect.poll(legs, { timeout: 15_000 }).toEqual({ visitor: walked, target: walked });
  await restarted(victim.name, victim.pid);
});
