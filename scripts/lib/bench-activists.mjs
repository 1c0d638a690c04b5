// The community's activists report (`GET /api/communities/{id}/activists.csv`) of 200,000 activists, beside
// PostgreSQL's own COPY of the same rows and columns. docs/bench.md explains how to read it.
import { Agent } from 'node:http';
import { csvRows, formExportBench, seedFormPage, timedCopy, withPeakRss } from './bench-forms.mjs';

/** As the form export: 200,000 activists, or `BENCH_EXPORT_ROWS`. */
export const EXPORT_ACTIVISTS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);

/** The same rows and columns as `reports/activists.ts`, in one COPY. */
const copyQuery = (communityId) => `COPY (SELECT a.id, a.name, a.email, a.phone, a.city,
    to_char(least(f.first_at, p.first_at, d.first_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
    to_char(greatest(f.last_at, p.last_at, d.last_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), f.n, p.n, d.n
  FROM activists a
  CROSS JOIN LATERAL (SELECT count(*) n, min(created_at) first_at, max(created_at) last_at FROM form_entries
    WHERE activist_id = a.id) f
  CROSS JOIN LATERAL (SELECT count(*) n, min(created_at) first_at, max(created_at) last_at FROM activist_pressures
    WHERE activist_id = a.id) p
  CROSS JOIN LATERAL (SELECT count(*) n, min(created_at) first_at, max(created_at) last_at FROM donations
    WHERE activist_id = a.id) d
  WHERE a.community_id = ${communityId} ORDER BY a.id) TO STDOUT (FORMAT csv)`;

/** The activists CSV on one running server on PostgreSQL (`pgUrl`): rows/s, peak RSS, and COPY as the ratio. */
export async function activistsBench({ server, label, rows, pgUrl }) {
  // `BENCH_ONLY=reports` runs the PostgreSQL exports alone: the form entries' CSV too (a whole run has it in the
  // form figures).
  if (process.env.BENCH_ONLY === 'reports') await formExportBench({ server, label, rows, pgUrl });
  const agent = new Agent({ keepAlive: true });
  const started = performance.now();
  const page = await seedFormPage(agent, server.url, `activists-${label}`, EXPORT_ACTIVISTS);
  const community = { id: page.community_id, token: page.token };
  const seedSeconds = (performance.now() - started) / 1000;
  const { result, before, peak } = await withPeakRss(server.child.pid, () =>
    csvRows(agent, `${server.url}/api/communities/${community.id}/activists.csv`, community.token),
  );
  agent.destroy();
  const { rows: exported, bytes, ms } = result;
  const copy = await timedCopy(pgUrl, copyQuery(community.id));
  rows.push([
    `${label}: activists CSV of ${EXPORT_ACTIVISTS.toLocaleString('en')} activists: rows/s`,
    (exported / (ms / 1000)).toFixed(0),
    `${exported} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s; seeded in ${seedSeconds.toFixed(0)} s`,
  ]);
  rows.push([
    `${label}: server RSS before / peak during the activists CSV`,
    `${Math.round(before / 1024)} / ${Math.round(peak / 1024)} MB`,
    `+${Math.round((peak - before) / 1024)} MB`,
  ]);
  rows.push([
    `${label}: COPY … TO STDOUT (FORMAT csv), same activists and columns`,
    `${(EXPORT_ACTIVISTS / (copy.ms / 1000)).toFixed(0)}`,
    `rows/s, ${(copy.bytes / 1e6).toFixed(1)} MB in ${(copy.ms / 1000).toFixed(2)} s; our report takes ${(ms / copy.ms).toFixed(1)}× as long`,
  ]);
}
