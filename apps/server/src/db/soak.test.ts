import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort, type RunningProcess, runEntry, waitHealthy } from '../../test/process';

/**
 * The embedded server stopped ten times under load, every way a process manager or a crash stops it: SIGTERM,
 * SIGINT, SIGTERM then SIGKILL once the grace period is over, and SIGKILL alone. Every restart must succeed, and
 * every answer that was 2xx must be found in the database afterwards. Bounded: about a second of load per round.
 */
const STOPS = ['SIGTERM', 'SIGINT', 'SIGTERM+SIGKILL', 'SIGKILL'] as const;
const ROUNDS = 10;
const LOAD_MS = 1200;
const WORKERS = 6;
const GRACE_SECONDS = 1;

interface Seeded {
  token: string;
  mobilizationId: number;
  widgetId: number;
}

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

async function seed(url: string): Promise<Seeded> {
  const password = 'soak-password';
  const res = await fetch(
    `${url}/api/dev/seed`,
    json({ user: { email: 'soak@example.org', password }, communities: [{ name: 'Soak', formEntries: 0 }] }),
  );
  const body = (await res.json()) as { communities: { form: { mobilization_id: number; widget_id: number } }[] };
  const form = body.communities[0]?.form;
  const signIn = (await (
    await fetch(`${url}/api/auth/sign_in`, json({ email: 'soak@example.org', password }))
  ).json()) as {
    token: string;
  };
  if (!form) throw new Error('seed gave no form');
  return { token: signIn.token, mobilizationId: form.mobilization_id, widgetId: form.widget_id };
}

function entry(widgetId: number, email: string) {
  const fields = [
    { uid: 'field-participe-nome', value: 'Pessoa Teste' },
    { uid: 'field-participe-email', value: email },
    { uid: 'field-participe-whatsapp', value: '' },
    { uid: 'field-participe-ajuda', value: 'Divulgar nas redes' },
  ];
  return { form_entry: { widget_id: widgetId, fields: JSON.stringify(fields) } };
}

/** Mixed load until `until`: form entries, editor writes and a report export, recording what was answered 2xx. */
async function load(
  url: string,
  s: Seeded,
  round: number,
  until: number,
  accepted: { emails: string[]; blocks: string[] },
) {
  let n = 0;
  const worker = async (w: number) => {
    while (Date.now() < until) {
      const i = n++;
      try {
        if (w === 0 && i % 4 === 0) {
          const name = `r${round}-b${i}`;
          const res = await fetch(
            `${url}/api/mobilizations/${s.mobilizationId}/blocks`,
            json({ block: { name, widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12 }] } }, s.token),
          );
          if (res.ok) accepted.blocks.push(name);
        } else if (w === 1 && i % 10 === 0) {
          await (
            await fetch(`${url}/api/mobilizations/${s.mobilizationId}/form_entries.csv?widget_id=${s.widgetId}`, {
              headers: { authorization: `Bearer ${s.token}` },
            })
          ).text();
        } else {
          const email = `r${round}-e${i}@soak.example.org`;
          const res = await fetch(
            `${url}/api/mobilizations/${s.mobilizationId}/form_entries`,
            json(entry(s.widgetId, email)),
          );
          if (res.status === 201) accepted.emails.push(email);
        }
      } catch {
        // The server went away mid-request: that answer was never 2xx, so nothing is owed for it.
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

async function stopWith(proc: RunningProcess, how: (typeof STOPS)[number]) {
  if (how === 'SIGTERM+SIGKILL') {
    proc.child.kill('SIGTERM');
    const killer = setTimeout(() => proc.child.kill('SIGKILL'), GRACE_SECONDS * 1000 + 200);
    await proc.exited;
    clearTimeout(killer);
    return;
  }
  proc.child.kill(how);
  await proc.exited;
}

describe.skipIf(inject('engine') !== 'pglite')('the embedded database survives being stopped under load', () => {
  it(`restarts after ${ROUNDS} stops of every kind, with every accepted answer in the database`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-soak-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ENABLE_TEST_SEED: 'true',
      ACTION_MAX_PER_IP: '1000000',
      ANTISPAM_BURST_ACTIONS: '0',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      BACKUP_INTERVAL_MINUTES: '0',
    };
    const accepted = { emails: [] as string[], blocks: [] as string[] };
    let seeded: Seeded | undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const proc = runEntry('main', env);
        await waitHealthy(url, proc);
        seeded ??= await seed(url);
        await load(url, seeded, round, Date.now() + LOAD_MS, accepted);
        await stopWith(proc, STOPS[round % STOPS.length] ?? 'SIGTERM');
      }
      const last = runEntry('main', env);
      await waitHealthy(url, last);
      const s = seeded as Seeded;
      const csv = await (
        await fetch(`${url}/api/mobilizations/${s.mobilizationId}/form_entries.csv?widget_id=${s.widgetId}`, {
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).text();
      const blocks = (await (
        await fetch(`${url}/api/mobilizations/${s.mobilizationId}/blocks`, {
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).json()) as { name: string }[];
      last.child.kill('SIGTERM');
      expect(await last.exited).toBe(0);
      console.log(
        `soak: ${ROUNDS} stops; ${accepted.emails.length} entries and ${accepted.blocks.length} blocks accepted`,
      );
      expect(accepted.emails.length).toBeGreaterThan(ROUNDS * 10);
      expect(accepted.emails.filter((e) => !csv.includes(e))).toEqual([]);
      const names = new Set(blocks.map((b) => b.name));
      expect(accepted.blocks.filter((b) => !names.has(b))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
