import type { ComputedField } from '../graphql/policy';
import { atPath, rowOf } from '../graphql/read';

/*
 * `communities.integrations`, the per-provider settings Bonde kept on a community (`{"turnio": {"api_key": ...}}`,
 * bonde-hasura's jsonb column of the same name), filled by the Bonde importer. Bonde's admin client reads it to tell
 * whether a provider is configured. The column itself is hidden from GraphQL and read through this field, where
 * every secret reads as null, as our other secrets do (`mailchimp_api_key`): a key, token, secret or password is
 * never sent back. Mutirão talks to none of these providers yet, so a client that asks "is Turn.io configured?"
 * rightly hears no.
 */

const SECRET = /key|token|secret|password|passwd|credential|auth/i;

/**
 * The purpose of the box the importer seals those secrets with (`SecretBox(sessionSecret, purpose)`), for whatever
 * talks to these providers one day to open them with.
 */
export const INTEGRATIONS_SECRET_PURPOSE = 'community-integrations';

/** Whether a settings key names a secret (the importer seals those values; GraphQL reads them as null). */
export const isSecretKey = (key: string): boolean => SECRET.test(key);

/** The settings with every secret-named value replaced by null, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isSecretKey(key) ? null : withoutSecrets(inner),
    ]),
  );
}

export const integrationsField: ComputedField = {
  sdl: '"Settings of outside services by provider, as Bonde kept them; every key, token, secret or password reads as null."\n    integrations("JSON path, e.g. \\"turnio.api_key\\"" path: String): jsonb',
  resolve: (node, args) => atPath(withoutSecrets(rowOf(node).integrations ?? {}), args.path as string | undefined),
};
