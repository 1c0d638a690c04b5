// @vitest-environment happy-dom
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { queryClient } from './queryClient';

const REQUEST_ERROR_ID = 'request-error';
const toastShown = () => notificationsStore.getState().notifications.some((n) => n.id === REQUEST_ERROR_ID);
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

  it('a refusal (4xx with messages) is left to the screen', async () => {
    const refusal = new ApiError('response', 422, { name: ['blank'] });
    await queryClient.fetchQuery({ queryKey: ['q2'], queryFn: fail(refusal) }).catch(() => {});
    expect(toastShown()).toBe(false);
  });

  it('meta.requestErrorToast: false opts out', async () => {
    await queryClient
      .fetchQuery({ queryKey: ['q3'], queryFn: fail(new ApiError('request', 500)), meta: { requestErrorToast: false } })
      .catch(() => {});
    expect(toastShown()).toBe(false);
  });
});
