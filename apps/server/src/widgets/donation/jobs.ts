import type { AppContext } from '../../context';
import { reconcileJob } from './charge';
import { subscriptionChargesJob } from './charging';

/** The donation jobs every worker runs: reconciling unanswered charges, and charging due subscriptions. */
export const donationJobs = (ctx: AppContext) => [reconcileJob(ctx), subscriptionChargesJob(ctx)];
