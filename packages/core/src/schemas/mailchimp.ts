import { z } from 'zod';
import { msg } from '../messages';

/**
 * The community's Mailchimp tab (spec 01 §2 `/community/mailchimp`, §3 mailchimp_api_key, mailchimp_list_id,
 * mailchimp_group_id). The key is write-only: required the first time, left blank afterwards to keep the stored one.
 */
/** A Marketing API key: 32 hex digits, a dash and the data centre the account lives in (`…-us21`). */
export const MAILCHIMP_API_KEY = /^[0-9a-f]{32}-[a-z]{2,}[0-9]{1,3}$/;
/** An audience (list) id or an interest (group) id as Mailchimp shows them: letters and digits. */
export const MAILCHIMP_ID = /^[0-9a-zA-Z]{1,50}$/;

/** The action kinds a member is segmented by: P (pressure), F (form) and D (donation). */
export type MailchimpActionKind = 'P' | 'F' | 'D';

/** Spec 01 §9: "Mailchimp segment names: letter M plus numbers with P, F or D", e.g. `M42F`. */
export function mailchimpSegmentName(mobilizationId: number, kind: MailchimpActionKind): string {
  return `M${mobilizationId}${kind}`;
}

export const mailchimpSettingsSchema = z.object({
  /** Blank keeps the stored key; the server asks for one when there is none. */
  mailchimp_api_key: z
    .string({ error: msg('mailchimp.apiKeyInvalid') })
    .trim()
    .refine((v) => v === '' || MAILCHIMP_API_KEY.test(v), msg('mailchimp.apiKeyInvalid'))
    .optional()
    .transform((v) => v || undefined),
  mailchimp_list_id: z
    .string({ error: msg('mailchimp.listIdRequired') })
    .trim()
    .min(1, msg('mailchimp.listIdRequired'))
    .refine((v) => v === '' || MAILCHIMP_ID.test(v), msg('mailchimp.idInvalid')),
  mailchimp_group_id: z
    .string({ error: msg('mailchimp.idInvalid') })
    .trim()
    .refine((v) => v === '' || MAILCHIMP_ID.test(v), msg('mailchimp.idInvalid'))
    .nullish()
    .transform((v) => v || null),
});
export type MailchimpSettingsInput = z.input<typeof mailchimpSettingsSchema>;

/** The `mailchimp` section of the catalogues. */
export const mailchimpMessages = {
  'pt-BR': {
    tab: 'Mailchimp',
    intro:
      'A lista do Mailchimp da comunidade: cada pessoa que assina um formulário, pressiona ou doa entra na lista, com nome, cidade e telefone, no segmento da mobilização (M + número da mobilização + F, P ou D).',
    apiKey: 'Chave da API',
    apiKeyHint: 'Em Mailchimp › Account › Extras › API keys. Termina com o data center, ex.: -us21.',
    apiKeySaved: 'Há uma chave salva. Por segurança, ela nunca é mostrada; deixe em branco para manter a atual.',
    apiKeyMissing: 'Nenhuma chave salva ainda.',
    listId: 'ID da lista (audience)',
    listIdHint: 'Em Audience › Settings › Audience name and defaults.',
    groupId: 'ID do grupo (opcional)',
    groupIdHint: 'O interesse em que as pessoas entram, se a lista usa grupos.',
    save: 'Salvar',
    saved: 'As configurações do Mailchimp foram salvas.',
    test: 'Testar conexão',
    testOk_one: 'Conexão feita: lista "{name}", com {count} contato.',
    testOk_other: 'Conexão feita: lista "{name}", com {count} contatos.',
    testFailed: 'O Mailchimp respondeu: {error}',
    apiKeyInvalid: 'Informe a chave da API: 32 letras e números, um traço e o data center (ex.: -us21)',
    apiKeyRequired: 'Informe a chave da API',
    listIdRequired: 'Informe o ID da lista',
    idInvalid: 'Use só letras e números',
    notConfigured: 'Configure a chave e a lista para testar a conexão.',
    readOnly: 'Só quem administra a comunidade pode mudar as configurações do Mailchimp.',
    resyncCommunityOnly: 'O reenvio é sempre da comunidade inteira: envie is_community como true e o id da comunidade.',
    sandbox:
      'Este servidor usa o Mailchimp de teste (sandbox): as chamadas são registradas aqui e nenhuma sai de verdade.',
    loadFailed: 'Não foi possível carregar as configurações do Mailchimp.',
    status: 'Sincronização',
    statusActive: 'Ativa',
    statusOff: 'Desligada: salve a chave e a lista para começar.',
    pausedInvalidKey:
      'Pausada: o Mailchimp recusou a chave da API. Salve uma chave válida para retomar; nada na fila se perde.',
    pausedListNotFound:
      'Pausada: o Mailchimp não encontrou a lista. Salve o ID certo para retomar; nada na fila se perde.',
    queue: 'Na fila',
    lastSync: 'Última sincronização',
    never: 'Nunca',
    lastError: 'Último erro',
    resync: 'Reenviar todos os ativistas',
    resyncStarted: 'O reenvio começou.',
    resyncRunning: 'Reenvio em andamento: {done} de {total}',
    resyncDone_one: 'Último reenvio concluído: {count} ativista',
    resyncDone_other: 'Último reenvio concluído: {count} ativistas',
    calls: 'Chamadas registradas (sandbox)',
    callsEmpty: 'Nenhuma chamada ainda.',
    callMethod: 'Método',
    callPath: 'Caminho',
    callSummary: 'Conteúdo',
    callStatus: 'Resposta',
    callTime: 'Quando',
  },
  es: {
    tab: 'Mailchimp',
    intro:
      'La lista de Mailchimp de la comunidad: cada persona que firma un formulario, presiona o dona entra en la lista, con nombre, ciudad y teléfono, en el segmento de la movilización (M + número de la movilización + F, P o D).',
    apiKey: 'Clave de la API',
    apiKeyHint: 'En Mailchimp › Account › Extras › API keys. Termina con el data center, ej.: -us21.',
    apiKeySaved: 'Hay una clave guardada. Por seguridad nunca se muestra; déjala en blanco para mantener la actual.',
    apiKeyMissing: 'Aún no hay una clave guardada.',
    listId: 'ID de la lista (audience)',
    listIdHint: 'En Audience › Settings › Audience name and defaults.',
    groupId: 'ID del grupo (opcional)',
    groupIdHint: 'El interés al que entran las personas, si la lista usa grupos.',
    save: 'Guardar',
    saved: 'La configuración de Mailchimp se guardó.',
    test: 'Probar conexión',
    testOk_one: 'Conexión hecha: lista "{name}", con {count} contacto.',
    testOk_other: 'Conexión hecha: lista "{name}", con {count} contactos.',
    testFailed: 'Mailchimp respondió: {error}',
    apiKeyInvalid: 'Indica la clave de la API: 32 letras y números, un guion y el data center (ej.: -us21)',
    apiKeyRequired: 'Indica la clave de la API',
    listIdRequired: 'Indica el ID de la lista',
    idInvalid: 'Usa solo letras y números',
    notConfigured: 'Configura la clave y la lista para probar la conexión.',
    readOnly: 'Solo quien administra la comunidad puede cambiar la configuración de Mailchimp.',
    resyncCommunityOnly:
      'El reenvío es siempre de toda la comunidad: envía is_community como true y el id de la comunidad.',
    sandbox:
      'Este servidor usa el Mailchimp de prueba (sandbox): las llamadas se registran aquí y ninguna sale de verdad.',
    loadFailed: 'No se pudo cargar la configuración de Mailchimp.',
    status: 'Sincronización',
    statusActive: 'Activa',
    statusOff: 'Apagada: guarda la clave y la lista para empezar.',
    pausedInvalidKey:
      'En pausa: Mailchimp rechazó la clave de la API. Guarda una clave válida para reanudar; nada de la cola se pierde.',
    pausedListNotFound:
      'En pausa: Mailchimp no encontró la lista. Guarda el ID correcto para reanudar; nada de la cola se pierde.',
    queue: 'En la cola',
    lastSync: 'Última sincronización',
    never: 'Nunca',
    lastError: 'Último error',
    resync: 'Reenviar a todos los activistas',
    resyncStarted: 'El reenvío empezó.',
    resyncRunning: 'Reenvío en curso: {done} de {total}',
    resyncDone_one: 'Último reenvío terminado: {count} activista',
    resyncDone_other: 'Último reenvío terminado: {count} activistas',
    calls: 'Llamadas registradas (sandbox)',
    callsEmpty: 'Aún no hay llamadas.',
    callMethod: 'Método',
    callPath: 'Ruta',
    callSummary: 'Contenido',
    callStatus: 'Respuesta',
    callTime: 'Cuándo',
  },
  en: {
    tab: 'Mailchimp',
    intro:
      'The community’s Mailchimp list: everyone who signs a form, presses or donates joins the list, with name, city and phone, in the mobilization’s segment (M + the mobilization’s number + F, P or D).',
    apiKey: 'API key',
    apiKeyHint: 'In Mailchimp › Account › Extras › API keys. It ends with the data centre, e.g. -us21.',
    apiKeySaved: 'A key is saved. For safety it is never shown; leave this blank to keep it.',
    apiKeyMissing: 'No key saved yet.',
    listId: 'List (audience) ID',
    listIdHint: 'In Audience › Settings › Audience name and defaults.',
    groupId: 'Group ID (optional)',
    groupIdHint: 'The interest people join, if the list uses groups.',
    save: 'Save',
    saved: 'The Mailchimp settings were saved.',
    test: 'Test connection',
    testOk_one: 'Connected: list "{name}", with {count} contact.',
    testOk_other: 'Connected: list "{name}", with {count} contacts.',
    testFailed: 'Mailchimp answered: {error}',
    apiKeyInvalid: 'Enter the API key: 32 letters and digits, a dash and the data centre (e.g. -us21)',
    apiKeyRequired: 'Enter the API key',
    listIdRequired: 'Enter the list ID',
    idInvalid: 'Use letters and digits only',
    notConfigured: 'Set the key and the list to test the connection.',
    readOnly: 'Only the community’s administrators can change the Mailchimp settings.',
    resyncCommunityOnly:
      'A resync always covers the whole community: send is_community as true and the community’s id.',
    sandbox: 'This server uses the test Mailchimp (sandbox): calls are recorded here and none really goes out.',
    loadFailed: 'The Mailchimp settings could not be loaded.',
    status: 'Sync',
    statusActive: 'Active',
    statusOff: 'Off: save the key and the list to start.',
    pausedInvalidKey: 'Paused: Mailchimp refused the API key. Save a valid key to resume; nothing queued is lost.',
    pausedListNotFound: 'Paused: Mailchimp did not find the list. Save the right ID to resume; nothing queued is lost.',
    queue: 'Queued',
    lastSync: 'Last sync',
    never: 'Never',
    lastError: 'Last error',
    resync: 'Resend every activist',
    resyncStarted: 'The resend started.',
    resyncRunning: 'Resend in progress: {done} of {total}',
    resyncDone_one: 'Last resend finished: {count} activist',
    resyncDone_other: 'Last resend finished: {count} activists',
    calls: 'Recorded calls (sandbox)',
    callsEmpty: 'No calls yet.',
    callMethod: 'Method',
    callPath: 'Path',
    callSummary: 'Content',
    callStatus: 'Answer',
    callTime: 'When',
  },
} as const;
