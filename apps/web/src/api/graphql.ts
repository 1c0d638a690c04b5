import { ApiError } from './client';
import { handleUnauthorized } from './navigation';

export interface GraphQLErrorItem {
  message: string;
  extensions?: { code?: string };
}

export class GraphQLRequestError extends Error {
  constructor(readonly errors: GraphQLErrorItem[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'GraphQLRequestError';
  }
}

/**
 * The answers that mean "no valid session" (spec 01 §8): a token the server cannot verify, or the anonymous
 * role, which sees no root field at all.
 */
export function isSessionError(errors: GraphQLErrorItem[]): boolean {
  return errors.some(
    (e) =>
      e.extensions?.code === 'invalid-jwt' ||
      e.message.startsWith('Could not verify JWT') ||
      /^field \w+ not found in type (query|mutation)_root$/.test(e.message),
  );
}

function operationNameOf(query: string): string | undefined {
  return /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1];
}

interface GraphQLOptions {
  signal?: AbortSignal;
  /** The session query handles a lost session itself; every other caller is sent to the login. */
  onSessionError?: 'redirect' | 'throw';
}

/** `POST /v1/graphql`. Hasura answers 200 even for errors, so the body decides. */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: GraphQLOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch('/v1/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query, variables, operationName: operationNameOf(query) }),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('request', 0);
  }
  if (!response.ok) throw new ApiError('request', response.status);
  const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: GraphQLErrorItem[] };
  if (body.errors?.length) {
    if ((options.onSessionError ?? 'redirect') === 'redirect' && isSessionError(body.errors)) handleUnauthorized();
    throw new GraphQLRequestError(body.errors);
  }
  if (body.data === undefined) throw new GraphQLRequestError([{ message: 'empty response' }]);
  return body.data;
}
