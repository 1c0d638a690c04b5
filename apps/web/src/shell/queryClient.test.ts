// @vitest-environment happy-dom
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { GraphQLRequestError } from '../api/graphql';
import { queryClient } from './queryClient';

const REQUEST_ERROR_ID = 'request-error';
const toast = () => notificationsStore.getState().notifications.find((n) => n.id === REQUEST_ERROR_ID);
const toastShown = () => toast() !== undefined;
const toastMessage = () => toast()?.message;
const fail = (error: Error) => () => Promise.reject(error);

afterEach(() => {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  queryClient.clear();
});

describe('request errors reach the toast through the query cache', () => {
  it("a query that fails its request shows the 'Ops!' toast", async () => {
    await queryClient.fetchQuery({ queryKey: ['q1'], queryFn: fail(new ApiError('request', 502)) }).catch(() => {});
    expect(toastShown()).toBe(true);
  });

  it('so does a mutation', async () => {
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: fail(new ApiError('request', 0)) });
    await mutation.execute(undefined).catch(() => {});
    expect(toastShown()).toBe(true);
  });

  it("a refusal no screen places shows the server's own words under 'Ops!'", async () => {
    const refusal = new ApiError('response', 422, { mailchimp_api_key: ['Chave inválida'] });
    await queryClient.fetchQuery({ queryKey: ['q2'], queryFn: fail(refusal) }).catch(() => {});
    expect(toastMessage()).toBe('Chave inválida');
  });

  it("a refusal the screen places (meta.showsErrors: 'refusals') is left to it, not a request failure", async () => {
    const meta = { showsErrors: 'refusals' as const };
    const refusal = new ApiError('response', 422, { name: ['blank'] });
    await queryClient.fetchQuery({ queryKey: ['q3'], queryFn: fail(refusal), meta }).catch(() => {});
    expect(toastShown()).toBe(false);
    await queryClient
      .fetchQuery({ queryKey: ['q4'], queryFn: fail(new ApiError('request', 500)), meta })
      .catch(() => {});
    expect(toastShown()).toBe(true);
  });

  it("meta.showsErrors: 'all' opts out; a GraphQL error gets the toast; a lost session or an abort does not", async () => {
    const meta = { showsErrors: 'all' as const };
    await queryClient
      .fetchQuery({ queryKey: ['q5'], queryFn: fail(new ApiError('request', 500)), meta })
      .catch(() => {});
    expect(toastShown()).toBe(false);
    const session = new GraphQLRequestError([{ message: 'Could not verify JWT: JWSError JWSInvalidSignature' }]);
    await queryClient.fetchQuery({ queryKey: ['q6'], queryFn: fail(session) }).catch(() => {});
    await queryClient
      .fetchQuery({ queryKey: ['q7'], queryFn: fail(new DOMException('gone', 'AbortError')) })
      .catch(() => {});
    expect(toastShown()).toBe(false);
    await queryClient
      .fetchQuery({ queryKey: ['q8'], queryFn: fail(new GraphQLRequestError([{ message: 'boom' }])) })
      .catch(() => {});
    expect(toastShown()).toBe(true);
  });
});
