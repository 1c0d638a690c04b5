import { type Config, paymentsPostbackBase } from '../config';
import type { Db } from '../db/client';
import type { PaymentsDriver } from './driver';
import { PagarmePaymentsDriver } from './pagarme';
import { SandboxPaymentsDriver } from './sandbox';

/**
 * The payment service every route shares: the driver chosen by PAYMENTS_DRIVER and the postback address (from
 * configuration, never from a request's Host).
 */
export class Payments {
  constructor(
    readonly driver: PaymentsDriver,
    private readonly postbackBase: string,
  ) {}

  /** Where the provider reports changes to the charges this server makes. */
  postbackUrl(): string {
    return `${this.postbackBase}/api/payments/postback`;
  }
}

/** The driver PAYMENTS_DRIVER names (config already refused `pagarme` without its keys). */
export function createPayments(config: Config, db: Db): Payments {
  const driver =
    config.payments.driver === 'pagarme'
      ? new PagarmePaymentsDriver(config.payments.pagarme)
      : // The sandbox signs its postbacks with a key derived from the session secret, as Pagar.me signs with its API key.
        new SandboxPaymentsDriver(db, `sandbox-postbacks:${config.sessionSecret}`);
  return new Payments(driver, paymentsPostbackBase(config));
}
