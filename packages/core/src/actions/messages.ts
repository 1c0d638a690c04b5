/**
 * The `actions` section of the catalogues: the names of the kinds of action (`definitions.ts`) and how a person's
 * profile tells each stored action, in each state, apart. Zod-free, like the kinds' own sections.
 */
export const actionsMessages = {
  'pt-BR': {
    kinds: {
      form: 'Inscrição em formulário',
      pressure: 'Pressão por e-mail',
      'pressure-phone': 'Pressão por telefone',
      donation: 'Doação',
    },
    timeline: {
      form: 'Preencheu um formulário',
      pressure: 'Pressionou por e-mail',
      phoneCompleted: 'Pressionou por telefone',
      phonePending: 'Ligação em andamento',
      phoneBusy: 'Ligação não completada: ocupado',
      phoneNoAnswer: 'Ligação não completada: ninguém atendeu',
      phoneFailed: 'Ligação não completada: falha na ligação',
      donationPaid: 'Doou {amount}',
      donationPending: 'Doação aguardando pagamento — {amount}',
      donationRefused: 'Tentativa de doação recusada — {amount}',
      donationFailed: 'Tentativa de doação não concluída — {amount}',
      donationRefunded: 'Doação estornada — {amount}',
      donationChargedback: 'Doação contestada (chargeback) — {amount}',
    },
  },
  es: {
    kinds: {
      form: 'Inscripción en formulario',
      pressure: 'Presión por correo',
      'pressure-phone': 'Presión por teléfono',
      donation: 'Donación',
    },
    timeline: {
      form: 'Completó un formulario',
      pressure: 'Presionó por correo',
      phoneCompleted: 'Presionó por teléfono',
      phonePending: 'Llamada en curso',
      phoneBusy: 'Llamada no completada: ocupado',
      phoneNoAnswer: 'Llamada no completada: nadie contestó',
      phoneFailed: 'Llamada no completada: falló la llamada',
      donationPaid: 'Donó {amount}',
      donationPending: 'Donación esperando el pago — {amount}',
      donationRefused: 'Intento de donación rechazado — {amount}',
      donationFailed: 'Intento de donación no completado — {amount}',
      donationRefunded: 'Donación reembolsada — {amount}',
      donationChargedback: 'Donación disputada (contracargo) — {amount}',
    },
  },
  en: {
    kinds: {
      form: 'Form sign-up',
      pressure: 'E-mail pressure',
      'pressure-phone': 'Phone pressure',
      donation: 'Donation',
    },
    timeline: {
      form: 'Filled in a form',
      pressure: 'Pressed by e-mail',
      phoneCompleted: 'Pressed by phone',
      phonePending: 'Call in progress',
      phoneBusy: 'Call not completed: busy',
      phoneNoAnswer: 'Call not completed: no answer',
      phoneFailed: 'Call not completed: the call failed',
      donationPaid: 'Donated {amount}',
      donationPending: 'Donation awaiting payment — {amount}',
      donationRefused: 'Donation attempt refused — {amount}',
      donationFailed: 'Donation attempt not completed — {amount}',
      donationRefunded: 'Donation refunded — {amount}',
      donationChargedback: 'Donation disputed (chargeback) — {amount}',
    },
  },
} as const;
