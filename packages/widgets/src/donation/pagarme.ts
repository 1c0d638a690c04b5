/*
 * Pagar.me's checkout window, the real driver's card step: the card is typed into the provider's own window, which
 * hands back a card_hash (encrypted with the account's public encryption key) and nothing else. The provider's
 * script is loaded only when a visitor reaches payment, never with the page or the island bundle.
 */

interface PagarmeCheckoutResult {
  card_hash?: string;
}

interface PagarmeCheckoutWindow {
  PagarMeCheckout?: {
    Checkout: new (options: {
      encryption_key: string;
      success(data: PagarmeCheckoutResult): void;
      error(error: unknown): void;
      close?(): void;
    }) => { open(params: Record<string, string>): void };
  };
  document: {
    createElement(tag: 'script'): {
      src: string;
      async: boolean;
      onload: (() => void) | null;
      onerror: (() => void) | null;
    };
    head: { appendChild(node: unknown): void };
  };
}

const win = () => globalThis as unknown as PagarmeCheckoutWindow;

let loading: Promise<void> | undefined;

/** Adds the provider's script once per page; a failed load may be tried again. */
export function loadPagarmeScript(src: string): Promise<void> {
  if (win().PagarMeCheckout) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = win().document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`could not load ${src}`));
    };
    win().document.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens the checkout for the card only (the donor's data was asked in the widget, so the window asks none) and
 * resolves with the card_hash, or undefined when the visitor closes it. Without `createToken`, the window does not
 * charge: it encrypts the card, and our server makes the transaction.
 */
export async function pagarmeCardHash(options: {
  encryptionKey: string;
  scriptUrl: string;
  amountCents: number;
  color: string;
  buttonText?: string;
}): Promise<string | undefined> {
  await loadPagarmeScript(options.scriptUrl);
  const Checkout = win().PagarMeCheckout?.Checkout;
  if (!Checkout) throw new Error('PagarMeCheckout is missing');
  return new Promise<string | undefined>((resolve, reject) => {
    const checkout = new Checkout({
      encryption_key: options.encryptionKey,
      success: (data) => resolve(data.card_hash),
      error: reject,
      close: () => resolve(undefined),
    });
    checkout.open({
      amount: String(options.amountCents),
      paymentMethods: 'credit_card',
      customerData: 'false',
      createToken: 'false',
      uiColor: options.color,
      ...(options.buttonText && { paymentButtonText: options.buttonText }),
    });
  });
}
