import { z } from 'zod';
import { msg } from '../messages';
import { digitsOf, isValidCnpj, isValidCpf } from '../widgets/donationRules';

/**
 * The community's recipient (spec 01 §2 Recebedor tab, §3 "recipient and bank data", §5 "Recipient"): the bank
 * account the payment provider transfers donations to, and when. Every field is required.
 */
export const TRANSFER_INTERVALS = ['weekly', 'monthly'] as const;
export type TransferInterval = (typeof TRANSFER_INTERVALS)[number];
export const ACCOUNT_TYPES = ['conta_corrente', 'conta_poupanca'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** Weekly transfers happen on a weekday, 1 (Monday) to 5 (Friday); monthly ones on a day of the month. */
export const TRANSFER_DAYS: Record<TransferInterval, { min: number; max: number }> = {
  weekly: { min: 1, max: 5 },
  monthly: { min: 1, max: 31 },
};
/** Pagar.me keeps at most 30 characters of the account holder's name. */
export const LEGAL_NAME_MAX = 30;

const required = msg('recipient.required');
/** A required text: missing, null and blank all get the same message. */
const text = () => z.string({ error: required }).trim().min(1, required);
const digits = (pattern: RegExp, message: Parameters<typeof msg>[0]) =>
  text().pipe(z.string().regex(pattern, msg(message)));

const documentNumber = text()
  .transform(digitsOf)
  .superRefine((value, ctx) => {
    if (value.length !== 11 && value.length !== 14)
      ctx.addIssue({ code: 'custom', message: msg('recipient.documentLength') });
    else if (value.length === 11 && !isValidCpf(value))
      ctx.addIssue({ code: 'custom', message: msg('recipient.cpfInvalid') });
    else if (value.length === 14 && !isValidCnpj(value))
      ctx.addIssue({ code: 'custom', message: msg('recipient.cnpjInvalid') });
  });

export const bankAccountSchema = z.object({
  bank_code: digits(/^\d{3}$/, 'recipient.bankCodeInvalid'),
  agencia: digits(/^\d{1,5}$/, 'recipient.agencyInvalid'),
  agencia_dv: digits(/^\d$/, 'recipient.agencyDigitInvalid'),
  conta: digits(/^\d{1,13}$/, 'recipient.accountInvalid'),
  // Some banks use X as a check digit.
  conta_dv: text()
    .pipe(z.string().regex(/^[0-9Xx]{1,2}$/, msg('recipient.accountDigitInvalid')))
    .transform((v) => v.toUpperCase()),
  type: z.enum(ACCOUNT_TYPES, { error: msg('recipient.accountTypeInvalid') }),
  legal_name: text().pipe(z.string().max(LEGAL_NAME_MAX, msg('recipient.legalNameTooLong', { max: LEGAL_NAME_MAX }))),
  document_number: documentNumber,
});

const dayAndInterval = (value: unknown) => {
  const v = value as { transfer_interval?: unknown; transfer_day?: unknown } | undefined;
  return TRANSFER_INTERVALS.includes(v?.transfer_interval as TransferInterval) && Number.isInteger(v?.transfer_day);
};

export const recipientSchema = z
  .object({
    transfer_interval: z.enum(TRANSFER_INTERVALS, { error: msg('recipient.transferIntervalInvalid') }),
    // A select gives a string; blank is "not chosen".
    transfer_day: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      z.number({ error: required }).int(required),
    ),
    bank_account: bankAccountSchema,
  })
  .superRefine(
    (value, ctx) => {
      const range = TRANSFER_DAYS[value.transfer_interval];
      if (value.transfer_day < range.min || value.transfer_day > range.max) {
        const message =
          value.transfer_interval === 'weekly' ? 'recipient.transferDayWeekly' : 'recipient.transferDayMonthly';
        ctx.addIssue({ code: 'custom', path: ['transfer_day'], message: msg(message) });
      }
    },
    // The day's range depends only on the interval: check it even when a bank field is wrong too.
    { when: ({ value }) => dayAndInterval(value) },
  );
export type RecipientInput = z.input<typeof recipientSchema>;
export type Recipient = z.output<typeof recipientSchema>;

/** The `recipient` section of the catalogues. */
export const recipientMessages = {
  'pt-BR': {
    tab: 'Recebedor',
    intro:
      'A conta bancária que recebe as doações desta comunidade e quando o dinheiro é transferido para ela. Sem recebedor, as doações não ficam disponíveis.',
    transferSection: 'Transferências',
    transferInterval: 'Frequência das transferências',
    weekly: 'Semanal',
    monthly: 'Mensal',
    transferDay: 'Dia da transferência',
    transferDayWeeklyHint: 'O dia da semana em que o dinheiro disponível é transferido.',
    transferDayMonthlyHint: 'O dia do mês em que o dinheiro disponível é transferido.',
    chooseDay: 'Escolha um dia',
    weekday1: 'Segunda-feira',
    weekday2: 'Terça-feira',
    weekday3: 'Quarta-feira',
    weekday4: 'Quinta-feira',
    weekday5: 'Sexta-feira',
    bankSection: 'Dados bancários',
    accountType: 'Tipo de conta',
    checking: 'Conta corrente',
    savings: 'Conta poupança',
    bankCode: 'Código do banco',
    bankCodeHint: 'Três números. Ex.: 001 (Banco do Brasil), 341 (Itaú), 260 (Nubank)',
    agency: 'Agência',
    agencyHint: 'Até 5 números, sem o dígito',
    agencyDigit: 'Dígito da agência',
    account: 'Conta',
    accountHint: 'Até 13 números, sem o dígito',
    accountDigit: 'Dígito da conta',
    legalName: 'Nome do titular ou razão social',
    documentNumber: 'CPF ou CNPJ do titular',
    documentNumberHint: 'Só os números, ou com pontos e traços.',
    fundsTitle: 'Quando o dinheiro fica disponível',
    funds1: 'Doações por cartão ficam disponíveis 31 dias depois da transação (29 dias mais 2 dias úteis).',
    funds2: 'Boletos ficam disponíveis 2 dias úteis depois do pagamento.',
    funds3: 'Pagamentos parcelados (de 2 a 12 vezes) liberam cada parcela em 31, 61, 91 dias e assim por diante.',
    funds4: 'As transferências para a sua conta são semanais (num dia de segunda a sexta) ou mensais.',
    funds5: 'O boleto custa R$ 3,00 a mais e só vale para doações únicas.',
    save: 'Salvar',
    saved: 'Recebedor salvo.',
    providerId: 'Recebedor no Pagar.me: {id}',
    sandbox:
      'Este servidor usa pagamentos de teste (sandbox): os dados são guardados, mas nenhum dinheiro é transferido.',
    adminOnly: 'Só quem administra a comunidade pode ver e mudar o recebedor.',
    loadFailed: 'Não foi possível carregar o recebedor.',
    required: 'Preenchimento obrigatório',
    transferIntervalInvalid: 'Escolha semanal ou mensal',
    transferDayWeekly: 'Escolha um dia de segunda a sexta-feira',
    transferDayMonthly: 'Escolha um dia do mês, de 1 a 31',
    accountTypeInvalid: 'Escolha conta corrente ou poupança',
    bankCodeInvalid: 'O código do banco tem 3 números',
    agencyInvalid: 'A agência tem até 5 números',
    agencyDigitInvalid: 'O dígito da agência é 1 número',
    accountInvalid: 'A conta tem até 13 números',
    accountDigitInvalid: 'O dígito da conta tem até 2 caracteres',
    legalNameTooLong: 'O nome pode ter até {max} caracteres',
    documentLength: 'Informe um CPF (11 números) ou um CNPJ (14 números)',
    cpfInvalid: 'CPF inválido: confira os números',
    cnpjInvalid: 'CNPJ inválido: confira os números',
    providerRefused: 'O Pagar.me recusou este dado: {message}',
    providerRefusedAll: 'O Pagar.me recusou o recebedor: {message}',
    providerDown: 'O Pagar.me não respondeu e nada foi salvo. Tente de novo em alguns minutos.',
  },
  es: {
    tab: 'Receptor',
    intro:
      'La cuenta bancaria que recibe las donaciones de esta comunidad y cuándo se le transfiere el dinero. Sin receptor, las donaciones no están disponibles.',
    transferSection: 'Transferencias',
    transferInterval: 'Frecuencia de las transferencias',
    weekly: 'Semanal',
    monthly: 'Mensual',
    transferDay: 'Día de la transferencia',
    transferDayWeeklyHint: 'El día de la semana en que se transfiere el dinero disponible.',
    transferDayMonthlyHint: 'El día del mes en que se transfiere el dinero disponible.',
    chooseDay: 'Elige un día',
    weekday1: 'Lunes',
    weekday2: 'Martes',
    weekday3: 'Miércoles',
    weekday4: 'Jueves',
    weekday5: 'Viernes',
    bankSection: 'Datos bancarios',
    accountType: 'Tipo de cuenta',
    checking: 'Cuenta corriente',
    savings: 'Cuenta de ahorro',
    bankCode: 'Código del banco',
    bankCodeHint: 'Tres números. Ej.: 001 (Banco do Brasil), 341 (Itaú), 260 (Nubank)',
    agency: 'Agencia',
    agencyHint: 'Hasta 5 números, sin el dígito',
    agencyDigit: 'Dígito de la agencia',
    account: 'Cuenta',
    accountHint: 'Hasta 13 números, sin el dígito',
    accountDigit: 'Dígito de la cuenta',
    legalName: 'Nombre del titular o razón social',
    documentNumber: 'CPF o CNPJ del titular',
    documentNumberHint: 'Solo los números, o con puntos y guiones.',
    fundsTitle: 'Cuándo está disponible el dinero',
    funds1:
      'Las donaciones con tarjeta están disponibles 31 días después de la transacción (29 días más 2 días hábiles).',
    funds2: 'Los boletos están disponibles 2 días hábiles después del pago.',
    funds3: 'Los pagos en cuotas (de 2 a 12) liberan cada cuota a los 31, 61, 91 días y así sucesivamente.',
    funds4: 'Las transferencias a tu cuenta son semanales (un día de lunes a viernes) o mensuales.',
    funds5: 'El boleto cuesta R$ 3,00 más y solo vale para donaciones únicas.',
    save: 'Guardar',
    saved: 'Receptor guardado.',
    providerId: 'Receptor en Pagar.me: {id}',
    sandbox: 'Este servidor usa pagos de prueba (sandbox): los datos se guardan, pero no se transfiere dinero.',
    adminOnly: 'Solo quien administra la comunidad puede ver y cambiar el receptor.',
    loadFailed: 'No se pudo cargar el receptor.',
    required: 'Campo obligatorio',
    transferIntervalInvalid: 'Elige semanal o mensual',
    transferDayWeekly: 'Elige un día de lunes a viernes',
    transferDayMonthly: 'Elige un día del mes, de 1 a 31',
    accountTypeInvalid: 'Elige cuenta corriente o de ahorro',
    bankCodeInvalid: 'El código del banco tiene 3 números',
    agencyInvalid: 'La agencia tiene hasta 5 números',
    agencyDigitInvalid: 'El dígito de la agencia es 1 número',
    accountInvalid: 'La cuenta tiene hasta 13 números',
    accountDigitInvalid: 'El dígito de la cuenta tiene hasta 2 caracteres',
    legalNameTooLong: 'El nombre puede tener hasta {max} caracteres',
    documentLength: 'Indica un CPF (11 números) o un CNPJ (14 números)',
    cpfInvalid: 'CPF inválido: revisa los números',
    cnpjInvalid: 'CNPJ inválido: revisa los números',
    providerRefused: 'Pagar.me rechazó este dato: {message}',
    providerRefusedAll: 'Pagar.me rechazó el receptor: {message}',
    providerDown: 'Pagar.me no respondió y no se guardó nada. Inténtalo de nuevo en unos minutos.',
  },
  en: {
    tab: 'Recipient',
    intro:
      'The bank account that receives this community’s donations, and when the money is transferred to it. Without a recipient, donations are not available.',
    transferSection: 'Transfers',
    transferInterval: 'Transfer frequency',
    weekly: 'Weekly',
    monthly: 'Monthly',
    transferDay: 'Transfer day',
    transferDayWeeklyHint: 'The day of the week the available money is transferred.',
    transferDayMonthlyHint: 'The day of the month the available money is transferred.',
    chooseDay: 'Choose a day',
    weekday1: 'Monday',
    weekday2: 'Tuesday',
    weekday3: 'Wednesday',
    weekday4: 'Thursday',
    weekday5: 'Friday',
    bankSection: 'Bank account',
    accountType: 'Account type',
    checking: 'Checking account',
    savings: 'Savings account',
    bankCode: 'Bank code',
    bankCodeHint: 'Three digits. E.g. 001 (Banco do Brasil), 341 (Itaú), 260 (Nubank)',
    agency: 'Branch',
    agencyHint: 'Up to 5 digits, without the check digit',
    agencyDigit: 'Branch check digit',
    account: 'Account',
    accountHint: 'Up to 13 digits, without the check digit',
    accountDigit: 'Account check digit',
    legalName: 'Account holder or company name',
    documentNumber: 'Holder’s CPF or CNPJ',
    documentNumberHint: 'Digits only, or with dots and dashes.',
    fundsTitle: 'When the money is available',
    funds1: 'Card donations are available 31 days after the transaction (29 days plus 2 business days).',
    funds2: 'Boletos are available 2 business days after payment.',
    funds3: 'Instalment payments (2 to 12) release each instalment at 31, 61, 91 days and so on.',
    funds4: 'Transfers to your account are weekly (on a day from Monday to Friday) or monthly.',
    funds5: 'A boleto costs R$ 3.00 extra and is for one-off donations only.',
    save: 'Save',
    saved: 'Recipient saved.',
    providerId: 'Pagar.me recipient: {id}',
    sandbox: 'This server uses test payments (sandbox): the data is kept, but no money is transferred.',
    adminOnly: 'Only the community’s administrators can see and change the recipient.',
    loadFailed: 'The recipient could not be loaded.',
    required: 'Required',
    transferIntervalInvalid: 'Choose weekly or monthly',
    transferDayWeekly: 'Choose a day from Monday to Friday',
    transferDayMonthly: 'Choose a day of the month, 1 to 31',
    accountTypeInvalid: 'Choose checking or savings',
    bankCodeInvalid: 'The bank code has 3 digits',
    agencyInvalid: 'The branch has up to 5 digits',
    agencyDigitInvalid: 'The branch check digit is 1 digit',
    accountInvalid: 'The account has up to 13 digits',
    accountDigitInvalid: 'The account check digit has up to 2 characters',
    legalNameTooLong: 'The name can have up to {max} characters',
    documentLength: 'Enter a CPF (11 digits) or a CNPJ (14 digits)',
    cpfInvalid: 'Invalid CPF: check the digits',
    cnpjInvalid: 'Invalid CNPJ: check the digits',
    providerRefused: 'Pagar.me refused this: {message}',
    providerRefusedAll: 'Pagar.me refused the recipient: {message}',
    providerDown: 'Pagar.me did not answer and nothing was saved. Try again in a few minutes.',
  },
} as const;
