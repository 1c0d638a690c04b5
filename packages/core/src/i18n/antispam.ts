/**
 * The anti-spam challenge (issue 35): the refusal visitors read, the status line a widget shows while the browser
 * proves the work, the page's setting in the admin and its figures on the Métricas tab.
 */
export const antispamMessages = {
  'pt-BR': {
    required:
      'Não conseguimos confirmar que o envio veio de uma pessoa. Aguarde a verificação terminar e envie de novo.',
    solving: 'Verificando, neste navegador, que o envio vem de uma pessoa…',
    solved: 'Verificação anti-spam concluída.',
    failed: 'A verificação anti-spam não funcionou neste navegador. Recarregue a página e tente de novo.',
    tab: 'Anti-spam',
    intro:
      'Uma verificação feita pelo próprio navegador de quem age na página, sem cookies, sem rastreamento e sem serviços de terceiros. Envios sem ela são recusados.',
    switchLabel: 'Exigir a verificação anti-spam nesta página',
    switchHelp:
      'O navegador resolve um pequeno cálculo em segundo plano (um ou dois segundos) antes de enviar formulários, pressões, ligações e doações. Ninguém precisa clicar em nada. Robôs que enviam direto para o servidor são recusados.',
    autoHelp:
      'Mesmo desligada, a verificação liga sozinha por {minutes} minutos quando uma mesma rede envia mais de {count} ações em {window} minutos nesta página.',
    autoOn: 'Ligada automaticamente até {time}, por causa de muitos envios de uma mesma rede.',
    refusedTitle: 'Envios recusados pela verificação anti-spam',
    refusedTotal: 'Recusados',
    refusedRecent: '{count} nos últimos {days} dias',
    refusedHelp: 'Envios sem verificação válida enquanto ela estava ligada',
  },
  es: {
    required:
      'No pudimos confirmar que el envío vino de una persona. Espera a que termine la verificación y vuelve a enviar.',
    solving: 'Verificando, en este navegador, que el envío viene de una persona…',
    solved: 'Verificación anti-spam completada.',
    failed: 'La verificación anti-spam no funcionó en este navegador. Recarga la página e inténtalo de nuevo.',
    tab: 'Anti-spam',
    intro:
      'Una verificación hecha por el propio navegador de quien actúa en la página, sin cookies, sin rastreo y sin servicios de terceros. Los envíos sin ella se rechazan.',
    switchLabel: 'Exigir la verificación anti-spam en esta página',
    switchHelp:
      'El navegador resuelve un pequeño cálculo en segundo plano (uno o dos segundos) antes de enviar formularios, presiones, llamadas y donaciones. Nadie necesita hacer clic en nada. Los robots que envían directo al servidor son rechazados.',
    autoHelp:
      'Aunque esté apagada, la verificación se enciende sola por {minutes} minutos cuando una misma red envía más de {count} acciones en {window} minutos en esta página.',
    autoOn: 'Encendida automáticamente hasta las {time}, por muchos envíos de una misma red.',
    refusedTitle: 'Envíos rechazados por la verificación anti-spam',
    refusedTotal: 'Rechazados',
    refusedRecent: '{count} en los últimos {days} días',
    refusedHelp: 'Envíos sin verificación válida mientras estaba encendida',
  },
  en: {
    required: "We couldn't confirm that this came from a person. Wait for the check to finish and send it again.",
    solving: 'Checking, in this browser, that this comes from a person…',
    solved: 'Anti-spam check done.',
    failed: "The anti-spam check didn't work in this browser. Reload the page and try again.",
    tab: 'Anti-spam',
    intro:
      'A check made by the browser of whoever acts on the page, with no cookies, no tracking and no third-party service. Submissions without it are refused.',
    switchLabel: 'Require the anti-spam check on this page',
    switchHelp:
      'The browser solves a small puzzle in the background (a second or two) before sending forms, pressures, calls and donations. Nobody has to click anything. Bots that post straight to the server are refused.',
    autoHelp:
      'Even when off, the check turns itself on for {minutes} minutes when one network sends more than {count} actions in {window} minutes on this page.',
    autoOn: 'Turned on automatically until {time}, after many submissions from one network.',
    refusedTitle: 'Submissions refused by the anti-spam check',
    refusedTotal: 'Refused',
    refusedRecent: '{count} in the last {days} days',
    refusedHelp: 'Submissions without a valid check while it was on',
  },
} as const;
