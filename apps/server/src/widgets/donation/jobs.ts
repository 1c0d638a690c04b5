import type { AppContext } from '../../context';
import { reconcileJob, strandedDonationsJob } from './charge';
import { subscriptionChargesJob } from './charging';

/**
 * The donation jobs every worker runs: reconciling unanswered charges, sweeping rows a crash left `processing`, and
 * charging due subscriptions.
 */
export const donationJobs = (ctx: AppContext) => [
  reconcileJob(ctx),
  strandedDonationsJob(ctx),
  subscriptionChargesJob(ctx),
];
