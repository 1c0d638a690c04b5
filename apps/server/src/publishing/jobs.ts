import { z } from 'zod';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { defineJob } from '../jobs/queue';
import { dueSchedules, runSchedule } from './service';

/**
 * Runs every due 'Publicar em' and 'Despublicar em' (issue 34). The schedule lives on the page's row, so nothing is
 * lost when a process stops: saving a schedule queues this job for its time, and it also runs each minute and when a
 * worker starts, catching any schedule whose job was lost or that fell due while no worker ran. Each page runs under
 * its own lock, so two workers never run one twice.
 */
export function scheduleJob(ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>) {
  return defineJob({
    name: 'mobilization-schedule',
    payload: z.object({}).passthrough(),
    retryLimit: 3,
    retryDelaySeconds: 10,
    cron: '* * * * *',
    runOnStart: true,
    handle: async () => {
      for (const id of await dueSchedules(ctx.db)) {
        const mail = await runSchedule(ctx.db, id, adminBaseUrl(ctx.config));
        if (mail) await ctx.mailer.dispatch(mail);
      }
    },
  });
}
