/**
 * Submissions on a flaky network (issue 35): the widgets' notice while a submission waits to be sent again, and the
 * server's answers about the `Idempotency-Key` header. In the public bundle's sections (`islands/embed.ts`).
 */
export const offlineMessages = {
  'pt-BR': {
    waiting: 'Sem conexão no momento. Suas respostas estão guardadas e vamos enviar de novo sozinhos assim que der.',
    offline: 'Você está sem internet. Suas respostas estão guardadas e seguem assim que a conexão voltar.',
    retryNow: 'Tentar agora',
    keyInvalid: 'O cabeçalho Idempotency-Key precisa ter de 1 a 255 caracteres ASCII visíveis.',
    keyReused: 'Esta chave de idempotência já foi usada em outro envio. Gere uma nova chave para cada envio.',
    inProgress: 'Este envio ainda está sendo processado. Tente de novo em instantes.',
  },
  es: {
    waiting:
      'Sin conexión en este momento. Tus respuestas están guardadas y las enviaremos de nuevo en cuanto se pueda.',
    offline: 'No tienes internet. Tus respuestas están guardadas y se enviarán cuando vuelva la conexión.',
    retryNow: 'Intentar ahora',
    keyInvalid: 'El encabezado Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles.',
    keyReused: 'Esta clave de idempotencia ya se usó en otro envío. Genera una clave nueva para cada envío.',
    inProgress: 'Este envío todavía se está procesando. Inténtalo de nuevo en unos instantes.',
  },
  en: {
    waiting: 'No connection right now. Your answers are saved and we will send them again as soon as we can.',
    offline: 'You are offline. Your answers are saved and will be sent when the connection comes back.',
    retryNow: 'Try now',
    keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    keyReused: 'This idempotency key was already used for another submission. Make a new key for each submission.',
    inProgress: 'This submission is still being processed. Try again in a moment.',
  },
} as const;
