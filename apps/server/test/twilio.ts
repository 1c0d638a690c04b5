import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readBody } from './requestBody';

/** One request the double received, with its form fields (repeated ones as lists). */
export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

export interface TwilioAccountDouble {
  sid: string;
  token: string;
  /** The numbers this account owns (Twilio refuses a From it does not own). */
  numbers: string[];
}

export interface TwilioDouble {
  url: string;
  requests: TwilioRequest[];
  calls: { sid: string; to: string; from: string; twiml: string; statusCallback: string }[];
  /** The next answers are 429 Too Many Requests, as Twilio rate-limits an account. */
  throttleNext(n: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
/** Twilio's error document (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/**
 * A loopback double of Twilio's REST API for the one call the driver makes, `POST
 * /2010-04-01/Accounts/{AccountSid}/Calls.json`, answering as Twilio documents it: basic auth checked (401, code
 * 20003), the account in the path must be the caller's (same 401), form fields checked (400 with codes 21201 To
 * missing, 21211 invalid To, 21213 From missing, 21210 From not owned, 21205 neither Url nor Twiml), and a 201
 * with the call resource (status 'queued'). 429 with code 20429 when throttled; 404 (code 20404) elsewhere.
 */
export async function startTwilioDouble(accounts: TwilioAccountDouble[]): Promise<TwilioDouble> {
  const requests: TwilioRequest[] = [];
  const calls: TwilioDouble['calls'] = [];
  let throttled = 0;
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://twilio.test');
    const form = new URLSearchParams(raw);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(json));
    };
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return send(404, error(404, 20404, 'The requested resource was not found'));
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const account = accounts.find((a) => a.sid === user && a.token === pass);
    if (!account || decodeURIComponent(match[1] ?? '') !== account.sid)
      return send(401, error(401, 20003, 'Authenticate'));
    if (throttled > 0) {
      throttled -= 1;
      return send(429, error(429, 20429, 'Too Many Requests'));
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return send(400, error(400, 21201, "No 'To' number is specified"));
    const to = form.get('To');
    const from = form.get('From');
    if (!to) return send(400, error(400, 21201, "No 'To' number is specified"));
    if (!E164.test(to)) return send(400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!from) return send(400, error(400, 21213, "No 'From' number is specified"));
    if (!account.numbers.includes(from))
      return send(
        400,
        error(400, 21210, `The source phone number provided, ${from}, is not yet verified for your account.`),
      );
    if (!form.get('Url') && !form.get('Twiml'))
      return send(400, error(400, 21205, 'Url parameter is required. Please provide a Url, ApplicationSid or Twiml.'));
    const sid = `CA${randomBytes(16).toString('hex')}`;
    calls.push({ sid, to, from, twiml: form.get('Twiml') ?? '', statusCallback: form.get('StatusCallback') ?? '' });
    const now = new Date().toUTCString();
    return send(201, {
      account_sid: account.sid,
      annotation: null,
      answered_by: null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: now,
      date_updated: now,
      direction: 'outbound-api',
      duration: null,
      end_time: null,
      forwarded_from: null,
      from,
      from_formatted: from,
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: `PN${randomBytes(16).toString('hex')}`,
      price: null,
      price_unit: 'USD',
      queue_time: '0',
      sid,
      start_time: null,
      status: 'queued',
      to,
      to_formatted: to,
      trunk_sid: null,
      uri: `/2010-04-01/Accounts/${account.sid}/Calls/${sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls,
    throttleNext(n) {
      throttled = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
