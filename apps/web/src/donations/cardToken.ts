import { type CardInput, sandboxCardToken } from '@mutirao/core/widgets/donationCheckout';

/** What the browser needs to turn a card into a token (the server's `PaymentsDriver.browserCheckout()`). */
export type BrowserCheckout =
  | { driver: 'sandbox' }
  | { driver: 'pagarme'; encryptionKey: string; checkoutScriptUrl: string };

/** A random id for the sandbox token; `getRandomValues` also works on plain-http hosts, unlike `randomUUID`. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The sandbox's card token, made here: it carries the outcome, brand and last four digits, never the card. */
export const sandboxToken = (card: CardInput) => sandboxCardToken(card, nonce());

/** Pagar.me's checkout window (checkout.js): the card is typed there and only its card_hash comes back. */
interface PagarMeWindow {
  PagarMeCheckout?: {
    Checkout: new (options: {
      encryption_key: string;
      success(data: { card_hash?: string }): void;
      error(error: unknown): void;
      close?(): void;
    }) => { open(options: Record<string, string | number>): void };
  };
}

/** What the checkout window is opened with: a card only, no customer data, and a token rather than a charge. */
export const pagarmeOpenOptions = (amountCents: number) => ({
  amount: amountCents,
  createToken: 'false',
  paymentMethods: 'credit_card',
  customerData: 'false',
  maxInstallments: 1,
});

const loading = new Map<string, Promise<void>>();

/** Adds the provider's script once per address. */
function loadScript(url: string): Promise<void> {
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url);
      reject(new Error('checkout script did not load'));
    };
    document.head.append(script);
  });
  loading.set(url, promise);
  return promise;
}

/**
 * Opens Pagar.me's checkout window for a new card and resolves with its card_hash, or undefined when the donor closed
 * the window. Rejects when the script cannot load or the provider reports an error.
 */
export async function pagarmeCardHash(
  checkout: Extract<BrowserCheckout, { driver: 'pagarme' }>,
  amountCents: number,
): Promise<string | undefined> {
  await loadScript(checkout.checkoutScriptUrl);
  const Checkout = (window as PagarMeWindow).PagarMeCheckout?.Checkout;
  if (!Checkout) throw new Error('checkout script has no PagarMeCheckout');
  return new Promise((resolve, reject) => {
    let settled = false;
    const window = new Checkout({
      encryption_key: checkout.encryptionKey,
      success: (data) => {
        settled = true;
        if (data.card_hash) resolve(data.card_hash);
        else reject(new Error('checkout gave no card_hash'));
      },
      error: (error) => {
        settled = true;
        reject(error instanceof Error ? error : new Error('checkout error'));
      },
      close: () => {
        if (!settled) resolve(undefined);
      },
    });
    window.open(pagarmeOpenOptions(amountCents));
  });
}
