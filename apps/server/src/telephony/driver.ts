import type { TwilioCallStatus } from '../db/schema';

/** A community's telephony account, its token already unsealed. */
export interface TelephonyAccount {
  accountSid: string;
  authToken: string;
  /** The community's number: the caller id of both legs. */
  number: string;
}

/** Call the visitor at `to`; once they answer, bridge them to `target`. Status callbacks go to `statusCallback`. */
export interface CallRequest {
  account: TelephonyAccount;
  to: string;
  target: string;
  statusCallback: string;
}

export interface StartedCall {
  sid: string;
  status: TwilioCallStatus;
}

/** What both drivers do: place the call. Everything after it arrives as signed status callbacks at one webhook. */
export interface TelephonyDriver {
  readonly name: 'sandbox' | 'twilio';
  startCall(request: CallRequest): Promise<StartedCall>;
  stop(): void;
}

/** A refusal from the provider, with Twilio's own error code and message when it gave them. */
export class TelephonyError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The events whose callbacks both legs ask for (Twilio names `answered` an event; the status it reports is `in-progress`). */
export const STATUS_CALLBACK_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

const xml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * What Twilio does once the visitor answers: dial the target from the community's number, and report the target's
 * leg to the same webhook (those callbacks carry `ParentCallSid`), so the visitor sees the target ring and answer.
 */
export function bridgeTwiml(request: CallRequest): string {
  const events = STATUS_CALLBACK_EVENTS.join(' ');
  return (
    `<Response><Dial callerId="${xml(request.account.number)}">` +
    `<Number statusCallbackEvent="${events}" statusCallback="${xml(request.statusCallback)}" statusCallbackMethod="POST">` +
    `${xml(request.target)}</Number></Dial></Response>`
  );
}
