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

/**
 * Spec 02 §9's integer variant (0 decimals) for a whole amount, 'R$ 1.234'; an amount with cents stays exact,
 * 'R$ 5.000,50': a goal or a sum is never rounded to a figure nobody typed or gave.
 */
export function formatMoneyInteger(cents: number): string {
  const exact = formatMoney(cents);
  return Math.round(cents) % 100 === 0 ? exact.replace(/,00$/, '') : exact;
}
