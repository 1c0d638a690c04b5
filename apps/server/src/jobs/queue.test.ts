import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually, freshDatabase } from '../../test/harness';
import { defineJob, JobQueue } from './queue';

describe('the job queue', () => {
  it('runs a job this process sends at once, not at its worker’s next ask', async () => {
    const fresh = await freshDatabase();
    // The worker asks once when it starts, then not for a minute: only the wake-up can start the job sooner.
    const queue = new JobQueue(fresh.database, { databaseUrl: fresh.url, pollingIntervalSeconds: 60 });
    const handled: number[] = [];
    const job = defineJob({
      name: 'queue-test-wake',
      payload: z.object({ n: z.number() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      handle: async ({ n }) => {
        handled.push(n);
      },
    });
    queue.register(job);
    await queue.start({ work: false });
    await queue.startWorkers();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await queue.send(job, { n: 1 });
      await eventually(async () => handled.length === 1, 15_000);
      await queue.send(job, { n: 2 });
      await eventually(async () => handled.length === 2, 15_000);
      expect(handled).toEqual([1, 2]);
    } finally {
      await queue.stop();
      await fresh.drop();
    }
  });

  it('takes a job sent while it is still starting: the send waits for the start, which creates its queue', async () => {
    const fresh = await freshDatabase();
    const queue = new JobQueue(fresh.database, { databaseUrl: fresh.url });
    const job = defineJob({
      name: 'queue-test-early',
      payload: z.object({ n: z.number() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      handle: async () => {},
    });
    queue.register(job);
    // As main.ts does once the server listens: the start is under way, not awaited, when a request sends a job.
    const started = queue.start({ work: false });
    try {
      await queue.send(job, { n: 1 });
      await started;
      const queued = await fresh.database.raw.executeSql('select data from pgboss.job where name = $1', [job.name]);
      expect(queued.rows).toEqual([{ data: { n: 1 } }]);
    } finally {
      await started.catch(() => {});
      await queue.stop();
      await fresh.drop();
    }
  });
});
