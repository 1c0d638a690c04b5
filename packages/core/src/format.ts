/** 'R$ 1.234,56' from cents, as spec 01 §2 shows fund raising. Reais only. */
export function formatMoney(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const centavos = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${reais},${centavos}`;
}

/** 'R$ 1.234' from cents: spec 02 §9's integer variant (0 decimals), for whole amounts such as donation values. */
export function formatMoneyInteger(cents: number): string {
  return formatMoney(Math.round(cents / 100) * 100).replace(/,00$/, '');
}
