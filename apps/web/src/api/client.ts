import { handleUnauthorized } from './navigation';

/** Field name → messages, already in the user's language (the server reads the `locale` cookie). */
export type FieldErrors = Record<string, string[]>;

/**
 * A failed call. `kind: 'request'` (5xx, network) gets the generic toast, which the query and mutation caches show
 * (shell/queryClient): call the API from a query or a mutation. `kind: 'response'` carries the server's messages for
 * the caller to show next to the fields.
 */
export class ApiError extends Error {
  constructor(
    readonly kind: 'request' | 'response' | 'unauthorized',
    readonly status: number,
    readonly fields: FieldErrors = {},
    readonly messages: string[] = [],
  ) {
    super(messages[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The text of a refusal the server explains (a 403, a 422), or undefined for a request failure (the generic toast's). */
export function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'response') return undefined;
  return [...error.messages, ...Object.values(error.fields).flat()].join(' ') || error.message;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the raw body, with its own type (a CSV import), instead of a JSON `body`. */
  file?: Blob;
  signal?: AbortSignal;
  /** Leave 401 to the caller instead of going to the login (e.g. the login form itself). */
  allowUnauthorized?: boolean;
}

/** The server's two error shapes: `{errors: {field: [msg]}}` and `{errors: [msg]}`. */
export function parseErrors(body: unknown): { fields: FieldErrors; messages: string[] } {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) return { fields: {}, messages: errors.map(String) };
  if (errors && typeof errors === 'object') {
    const fields: FieldErrors = {};
    for (const [field, value] of Object.entries(errors)) {
      fields[field] = Array.isArray(value) ? value.map(String) : [String(value)];
    }
    return { fields, messages: [] };
  }
  return { fields: {}, messages: [] };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON over `fetch` with the session cookie. Resolves with the parsed body, or throws an `ApiError`. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.file ? { 'Content-Type': options.file.type || 'text/csv' } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: options.file ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('request', 0);
  }
  const body = await readJson(response);
  if (response.ok) return body as T;
  if (response.status === 401 && !options.allowUnauthorized) {
    handleUnauthorized();
    throw new ApiError('unauthorized', 401);
  }
  if (response.status >= 500) throw new ApiError('request', response.status);
  const { fields, messages } = parseErrors(body);
  throw new ApiError('response', response.status, fields, messages);
}
