import { msg, type Recipient } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { recipients } from '../db/schema';
import { AppError, type FieldErrors } from '../http/errors';
import { PaymentError, PaymentTimeout } from '../payments/driver';

export type RecipientRow = typeof recipients.$inferSelect;

/** The bank account's fields, as our form names them (and the provider may name in a refusal). */
export const BANK_FIELDS = [
  'bank_code',
  'agencia',
  'agencia_dv',
  'conta',
  'conta_dv',
  'type',
  'legal_name',
  'document_number',
];

export async function readRecipient(db: Db, communityId: number): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(recipients).where(eq(recipients.communityId, communityId)).limit(1);
  return row;
}

/** What the Recebedor tab reads: the schedule, the bank account and the provider's id. */
export function presentRecipient(row: RecipientRow | undefined, sandbox: boolean) {
  return {
    recipient: row
      ? {
          id: row.id,
          community_id: row.communityId,
          pagarme_recipient_id: row.pagarmeRecipientId,
          transfer_interval: row.transferInterval,
          transfer_day: row.transferDay,
          transfer_enabled: row.transferEnabled,
          bank_account: row.bankAccount,
          updated_at: row.updatedAt.toISOString(),
        }
      : null,
    sandbox,
  };
}

/**
 * Pagar.me names the refused parameter as `bank_account.agencia`, `bank_account[agencia]` or `transfer_day`; the
 * form's field is the same name, dotted. Anything else belongs to the whole recipient.
 */
function fieldOf(parameter: string | undefined): string | undefined {
  const parts = (parameter ?? '').split(/[.[\]]+/).filter(Boolean);
  const last = parts.at(-1) ?? '';
  if (parts[0] === 'bank_account' && BANK_FIELDS.includes(last)) return `bank_account.${last}`;
  if (parts.length === 1 && (last === 'transfer_day' || last === 'transfer_interval')) return last;
  return undefined;
}

/**
 * The provider's answer to a refused recipient, for the admin: 422 naming each field the provider named. A provider
 * that failed or did not answer is 502, and nothing was saved here.
 */
function providerFailure(error: PaymentError | PaymentTimeout, log: (error: unknown) => void): AppError {
  const refused = error instanceof PaymentError && error.status >= 400 && error.status < 500;
  if (refused && error.status !== 401 && error.status !== 403) {
    const fields: FieldErrors = {};
    const problems: { parameter_name?: string; message: string }[] = error.errors.length
      ? error.errors
      : [{ message: error.message }];
    for (const problem of problems) {
      const field = fieldOf(problem.parameter_name);
      const message = field
        ? msg('recipient.providerRefused', { message: problem.message })
        : msg('recipient.providerRefusedAll', { message: problem.message });
      const key = field ?? 'base';
      fields[key] = [...(fields[key] ?? []), message];
    }
    return new AppError('unprocessable', fields);
  }
  // A rejected API key is this server's misconfiguration, not the admin's: logged, and answered as the provider down.
  log(error);
  return new AppError('bad_gateway', undefined, 'recipient.providerDown');
}

/**
 * Creates the community's recipient at the provider, or updates the one it already has (its id is kept), then
 * stores it. The provider comes first: when it refuses or fails, the stored recipient stays as it was.
 */
export async function saveRecipient(
  ctx: AppContext,
  communityId: number,
  input: Recipient,
  log: (error: unknown) => void,
): Promise<RecipientRow> {
  const existing = await readRecipient(ctx.db, communityId);
  let providerId: string;
  try {
    const saved = await ctx.payments.driver.saveRecipient({
      id: existing?.pagarmeRecipientId ?? undefined,
      transferInterval: input.transfer_interval,
      transferDay: input.transfer_day,
      transferEnabled: true,
      bankAccount: input.bank_account,
    });
    providerId = saved.id;
  } catch (error) {
    if (error instanceof PaymentError || error instanceof PaymentTimeout) throw providerFailure(error, log);
    throw error;
  }
  const values = {
    pagarmeRecipientId: providerId,
    transferInterval: input.transfer_interval,
    transferDay: input.transfer_day,
    transferEnabled: true,
    bankAccount: { ...input.bank_account },
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(recipients)
    .values({ communityId, ...values })
    .onConflictDoUpdate({ target: recipients.communityId, set: values })
    .returning();
  if (!row) throw new Error('recipient upsert returned nothing');
  return row;
}
