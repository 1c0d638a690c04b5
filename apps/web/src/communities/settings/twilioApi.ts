import type { twilioConfigurationSchema } from '@mutirao/core';
import type { z } from 'zod';
import { api } from '../../api/client';

/** `GET /api/communities/{id}/twilio`: the account's SID and number, whether a token is saved (never the token). */
export interface TwilioSettings {
  twilio_configuration: {
    id: number;
    twilio_account_sid: string;
    twilio_number: string;
    auth_token_set: boolean;
    updated_at: string;
  } | null;
  /** The server simulates calls (TELEPHONY_DRIVER=sandbox). */
  sandbox: boolean;
}

export const twilioQueryKey = (communityId: number) => ['communities', communityId, 'twilio'] as const;

export const fetchTwilio = (communityId: number) => api<TwilioSettings>(`/api/communities/${communityId}/twilio`);

export const saveTwilio = (communityId: number, values: z.output<typeof twilioConfigurationSchema>) =>
  api<TwilioSettings>(`/api/communities/${communityId}/twilio`, {
    method: 'PUT',
    body: { twilio_configuration: values },
  });
