import { randomBytes } from 'node:crypto';
import type { TwilioCallStatus } from '../db/schema';
import type { CallRequest, StartedCall, TelephonyDriver } from './driver';
import { twilioSignature } from './signature';

/** Delivers one signed status callback to the webhook, as Twilio would (the server wires it to its own route). */
export type CallbackPost = (url: string, params: Record<string, string>, signature: string) => Promise<void>;

/** Target numbers a test or a demo can choose to see each failure (the last four digits). */
export const SANDBOX_OUTCOMES: Record<string, TwilioCallStatus> = {
  '1111': 'busy',
  '2222': 'failed',
  '3333': 'no-answer',
};
/** The length of a simulated conversation, reported as CallDuration. */
export const SANDBOX_TALK_SECONDS = 3;

const sid = () => `CA${randomBytes(16).toString('hex')}`;

/**
 * The default driver: no call leaves the machine. It walks the states Twilio reports (the visitor's leg initiated,
 * ringing, in-progress; the target's leg initiated, ringing, then in-progress and completed, or busy, failed or
 * no-answer by the target's last digits; then the visitor's leg completed), each as a callback signed with the
 * community's token and posted to the very webhook Twilio uses, so everything after the provider is one code path.
 */
export class SandboxTelephonyDriver implements TelephonyDriver {
  readonly name = 'sandbox' as const;
  private post: CallbackPost | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly stepMs: number) {}

  /** Set by the webhook's routes: where the simulated callbacks go. */
  attach(post: CallbackPost) {
    this.post = post;
  }

  async startCall(request: CallRequest): Promise<StartedCall> {
    const parent = sid();
    const child = sid();
    const outcome = SANDBOX_OUTCOMES[request.target.slice(-4)];
    const leg = (callSid: string, to: string, status: TwilioCallStatus, extra: Record<string, string> = {}) => ({
      AccountSid: request.account.accountSid,
      CallSid: callSid,
      CallStatus: status,
      From: request.account.number,
      To: to,
      Direction: callSid === parent ? 'outbound-api' : 'outbound-dial',
      ApiVersion: '2010-04-01',
      ...(callSid === child ? { ParentCallSid: parent } : {}),
      ...extra,
    });
    const steps: Record<string, string>[] = [
      leg(parent, request.to, 'initiated'),
      leg(parent, request.to, 'ringing'),
      leg(parent, request.to, 'in-progress'),
      leg(child, request.target, 'initiated'),
      leg(child, request.target, 'ringing'),
      ...(outcome
        ? [leg(child, request.target, outcome, { CallDuration: '0' })]
        : [
            leg(child, request.target, 'in-progress'),
            leg(child, request.target, 'completed', { CallDuration: String(SANDBOX_TALK_SECONDS) }),
          ]),
      leg(parent, request.to, 'completed', { CallDuration: String(outcome ? 0 : SANDBOX_TALK_SECONDS + 1) }),
    ];
    const sequence = new Map<string, number>();
    const walk = async (i: number) => {
      const step = steps[i];
      if (!step || this.stopped || !this.post) return;
      const n = sequence.get(step.CallSid as string) ?? 0;
      sequence.set(step.CallSid as string, n + 1);
      const params = { ...step, SequenceNumber: String(n), Timestamp: new Date().toUTCString() };
      try {
        await this.post(
          request.statusCallback,
          params,
          twilioSignature(request.account.authToken, request.statusCallback, params),
        );
      } catch (error) {
        console.error('[telephony sandbox] callback failed:', error);
      }
      this.later(() => walk(i + 1));
    };
    this.later(() => walk(0));
    return { sid: parent, status: 'initiated' };
  }

  private later(fn: () => void) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.stepMs);
    this.timers.add(timer);
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
