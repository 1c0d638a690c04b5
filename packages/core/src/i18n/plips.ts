/**
 * PLIPs (popular law initiatives) brought from Bonde (issue 36): the errors of recording a returned signature sheet
 * over GraphQL, as Bonde's admin client does it (`insert_plip_signatures_one`).
 */
export const plipsMessages = {
  'pt-BR': {
    widgetRequired: 'Informe o widget da PLIP (widget_id).',
    widgetNotFound: 'Nenhum widget com este número nas suas comunidades.',
    codeRequired: 'Informe o código da ficha (unique_identifier).',
    codeUnknown: 'Nenhuma inscrição deste widget tem o código “{code}”.',
    signaturesInvalid: 'Informe as assinaturas confirmadas na ficha: um número inteiro de 1 a {max}.',
    stateInvalid: 'Estado inválido: use a sigla de uma UF, como SP ou BA.',
    dateInvalid: 'Data inválida.',
  },
  es: {
    widgetRequired: 'Indica el widget de la PLIP (widget_id).',
    widgetNotFound: 'No hay ningún widget con este número en tus comunidades.',
    codeRequired: 'Indica el código de la planilla (unique_identifier).',
    codeUnknown: 'Ninguna inscripción de este widget tiene el código «{code}».',
    signaturesInvalid: 'Indica las firmas confirmadas en la planilla: un número entero de 1 a {max}.',
    stateInvalid: 'Estado no válido: usa la sigla de un estado de Brasil, como SP o BA.',
    dateInvalid: 'Fecha no válida.',
  },
  en: {
    widgetRequired: 'Give the PLIP widget (widget_id).',
    widgetNotFound: 'No widget with this number in your communities.',
    codeRequired: 'Give the signature sheet’s code (unique_identifier).',
    codeUnknown: 'No sign-up of this widget has the code “{code}”.',
    signaturesInvalid: 'Give the signatures confirmed on the sheet: a whole number from 1 to {max}.',
    stateInvalid: 'Invalid state: use a Brazilian state’s abbreviation, such as SP or BA.',
    dateInvalid: 'Invalid date.',
  },
} as const;
