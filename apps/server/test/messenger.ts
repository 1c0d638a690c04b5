import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readBody } from './requestBody';

/** One request the double received. */
export interface MessengerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface MessengerPageDouble {
  token: string;
  appSecret: string;
}

export interface MessengerDouble {
  url: string;
  requests: MessengerRequest[];
  /** Messages accepted, by recipient (page-scoped id or phone number), with the page's token and when (epoch ms). */
  delivered: { recipient: string; text: string; quickReplies: unknown; token: string; at: number }[];
  /** The next n sends are refused with a rate-limit error (`error.code` 613 by default, or 4 or 32). */
  throttleNext(n: number, code?: 4 | 32 | 613): void;
  /** Recipients the page cannot reach: answered with code 551 ("This person isn't available right now"). */
  unreachable: Set<string>;
  close(): Promise<void>;
}

/** Graph API's error document (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
const graphError = (code: number, message: string, type = 'OAuthException', subcode?: number) => ({
  error: {
    message,
    type,
    code,
    ...(subcode ? { error_subcode: subcode } : {}),
    fbtrace_id: randomBytes(8).toString('base64url'),
  },
});

const TAGS = new Set(['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT']);

/**
 * A loopback double of Facebook's Send API for the one call the driver makes, `POST /me/messages`, answering as the
 * Graph API documents it: the page access token in `access_token` (unknown or missing: 400 with code 190, "Invalid
 * OAuth access token"), `appsecret_proof` checked when given (code 100 when wrong), a JSON body with `recipient.id`
 * or `recipient.phone_number` and `message.text` (code 100 when missing), `messaging_type` MESSAGE_TAG needing a
 * known `tag`, quick replies at most 13 with titles up to 20 characters; 200 with `recipient_id` and `message_id`.
 * Throttled sends answer 400 with code 613 (or 4, 32); an unreachable recipient code 551 (subcode 1545041).
 */
export async function startMessengerDouble(pages: MessengerPageDouble[]): Promise<MessengerDouble> {
  const requests: MessengerRequest[] = [];
  const delivered: MessengerDouble['delivered'] = [];
  const unreachable = new Set<string>();
  let throttled = 0;
  let throttleCode = 613;
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://graph.test');
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body: parsed,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || !url.pathname.endsWith('/me/messages'))
      return send(400, graphError(100, 'Unsupported request', 'GraphMethodException'));
    const token = url.searchParams.get('access_token') ?? '';
    const page = pages.find((p) => p.token === token);
    if (!page) return send(400, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    const proof = url.searchParams.get('appsecret_proof');
    if (proof !== null && proof !== createHmac('sha256', page.appSecret).update(token).digest('hex'))
      return send(400, graphError(100, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException'));
    if (throttled > 0) {
      throttled -= 1;
      return send(400, graphError(throttleCode, 'Calls to this api have exceeded the rate limit.'));
    }
    const body = parsed as
      | {
          recipient?: { id?: string; phone_number?: string };
          messaging_type?: string;
          tag?: string;
          message?: { text?: string; quick_replies?: { content_type?: string; title?: string; payload?: string }[] };
        }
      | undefined;
    const recipient = body?.recipient?.id ?? body?.recipient?.phone_number;
    if (!recipient) return send(400, graphError(100, 'The parameter recipient is required'));
    if (!body?.message?.text) return send(400, graphError(100, 'param message must be non-empty.'));
    if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(body.messaging_type ?? ''))
      return send(400, graphError(100, '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}'));
    if (body.messaging_type === 'MESSAGE_TAG' && !TAGS.has(body.tag ?? ''))
      return send(400, graphError(100, '(#100) Param tag must be a supported tag'));
    const quick = body.message.quick_replies;
    if (
      quick &&
      (quick.length > 13 || quick.some((q) => q.content_type === 'text' && (!q.title || q.title.length > 20)))
    )
      return send(400, graphError(100, '(#100) Invalid quick_replies'));
    if (unreachable.has(recipient))
      return send(400, graphError(551, 'This person isn’t available right now.', 'OAuthException', 1545041));
    delivered.push({ recipient, text: body.message.text, quickReplies: quick, token, at: Date.now() });
    return send(200, { recipient_id: recipient, message_id: `m_${randomBytes(16).toString('base64url')}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v19.0`,
    requests,
    delivered,
    unreachable,
    throttleNext(n, code = 613) {
      throttled = n;
      throttleCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
