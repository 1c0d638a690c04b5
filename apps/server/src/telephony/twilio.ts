import type { TwilioCallStatus } from '../db/schema';
import { CALL_STATUSES } from './calls';
import {
  bridgeTwiml,
  type CallRequest,
  STATUS_CALLBACK_EVENTS,
  type StartedCall,
  type TelephonyDriver,
  TelephonyError,
} from './driver';

/** Twilio's call statuses: ours, plus 'queued' (not dialled yet) and 'canceled' (hung up before it rang). */
const STATUSES = new Set<string>([...CALL_STATUSES, 'queued', 'canceled']);

/**
 * The real driver: Twilio's REST API over plain HTTPS (no SDK), `POST /2010-04-01/Accounts/{Sid}/Calls.json` with
 * basic auth and a form body. The base URL comes from configuration (`TWILIO_API_URL`), which is how the tests
 * point it at a loopback double of the API.
 */
export class TwilioTelephonyDriver implements TelephonyDriver {
  readonly name = 'twilio' as const;
  constructor(
    private readonly apiUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async startCall(request: CallRequest): Promise<StartedCall> {
    const { accountSid, authToken, number } = request.account;
    const body = new URLSearchParams({
      To: request.to,
      From: number,
      Twiml: bridgeTwiml(request),
      StatusCallback: request.statusCallback,
      StatusCallbackMethod: 'POST',
    });
    for (const event of STATUS_CALLBACK_EVENTS) body.append('StatusCallbackEvent', event);
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Calls.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TelephonyError(0, undefined, `Twilio unreachable: ${(error as Error).message}`);
    }
    const json = (await res.json().catch(() => ({}))) as {
      sid?: unknown;
      status?: unknown;
      code?: unknown;
      message?: unknown;
    };
    if (!res.ok || typeof json.sid !== 'string') {
      throw new TelephonyError(
        res.status,
        typeof json.code === 'number' ? json.code : undefined,
        typeof json.message === 'string' ? json.message : `Twilio answered ${res.status}`,
      );
    }
    // A new call is 'queued' until Twilio dials; on our side that is 'initiated'.
    const status = typeof json.status === 'string' && STATUSES.has(json.status) ? json.status : 'initiated';
    return {
      sid: json.sid,
      status: (status === 'queued' ? 'initiated' : status === 'canceled' ? 'failed' : status) as TwilioCallStatus,
    };
  }

  stop() {}
}
