import { z } from 'zod';
import { msg } from '../messages';

/**
 * The community's Twilio tab (spec 01 §2 `/community/twilio`, §3 "telephony account SID, auth token and number").
 * The auth token is write-only: required the first time, and left blank afterwards to keep the one stored.
 */
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
export const TWILIO_AUTH_TOKEN = /^[0-9a-fA-F]{32}$/;
/** The community's number in E.164: '+', country code, area code, number. */
export const TWILIO_NUMBER = /^\+\d{10,15}$/;

export const twilioConfigurationSchema = z.object({
  twilio_account_sid: z
    .string({ error: msg('twilio.sidInvalid') })
    .trim()
    .regex(TWILIO_ACCOUNT_SID, msg('twilio.sidInvalid')),
  /** Blank keeps the stored token; the server asks for it when there is none. */
  twilio_auth_token: z
    .string({ error: msg('twilio.tokenInvalid') })
    .trim()
    .refine((v) => v === '' || TWILIO_AUTH_TOKEN.test(v), msg('twilio.tokenInvalid'))
    .optional()
    .transform((v) => v || undefined),
  twilio_number: z
    .string({ error: msg('twilio.numberInvalid') })
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(TWILIO_NUMBER, msg('twilio.numberInvalid'))),
});
export type TwilioConfigurationInput = z.input<typeof twilioConfigurationSchema>;

/** The `twilio` section of the catalogues. */
export const twilioMessages = {
  'pt-BR': {
    tab: 'Twilio',
    intro:
      'A conta do Twilio de onde saem as ligações das pressões por telefone: quem pressiona recebe uma ligação deste número e é conectado ao alvo.',
    accountSid: 'Account SID',
    accountSidHint: 'Começa com AC, seguido de 32 letras e números. Está no painel do Twilio.',
    authToken: 'Auth token',
    authTokenHint: 'Por segurança, o token salvo nunca é mostrado. Deixe em branco para manter o atual.',
    authTokenSaved: 'Há um token salvo.',
    authTokenMissing: 'Nenhum token salvo ainda.',
    number: 'Número',
    numberHint: 'O número do Twilio, com + e o código do país. Ex.: +5511999990000',
    save: 'Salvar',
    saved: 'As configurações do Twilio foram salvas.',
    sidInvalid: 'Informe o Account SID: AC seguido de 32 letras e números',
    tokenInvalid: 'O auth token tem 32 letras e números',
    tokenRequired: 'Informe o auth token',
    numberInvalid: 'Informe o número com + e o código do país. Ex.: +5511999990000',
    readOnly: 'Só quem administra a comunidade pode mudar as configurações do Twilio.',
    sandbox: 'Este servidor usa a telefonia de teste (sandbox): as ligações são simuladas e nenhuma sai de verdade.',
    loadFailed: 'Não foi possível carregar as configurações do Twilio.',
  },
  es: {
    tab: 'Twilio',
    intro:
      'La cuenta de Twilio desde la que salen las llamadas de las presiones por teléfono: quien presiona recibe una llamada de este número y se conecta con el destinatario.',
    accountSid: 'Account SID',
    accountSidHint: 'Empieza con AC, seguido de 32 letras y números. Está en el panel de Twilio.',
    authToken: 'Auth token',
    authTokenHint: 'Por seguridad, el token guardado nunca se muestra. Déjalo en blanco para mantener el actual.',
    authTokenSaved: 'Hay un token guardado.',
    authTokenMissing: 'Aún no hay un token guardado.',
    number: 'Número',
    numberHint: 'El número de Twilio, con + y el código del país. Ej.: +5511999990000',
    save: 'Guardar',
    saved: 'La configuración de Twilio se guardó.',
    sidInvalid: 'Indica el Account SID: AC seguido de 32 letras y números',
    tokenInvalid: 'El auth token tiene 32 letras y números',
    tokenRequired: 'Indica el auth token',
    numberInvalid: 'Indica el número con + y el código del país. Ej.: +5511999990000',
    readOnly: 'Solo quien administra la comunidad puede cambiar la configuración de Twilio.',
    sandbox: 'Este servidor usa la telefonía de prueba (sandbox): las llamadas son simuladas y ninguna sale de verdad.',
    loadFailed: 'No se pudo cargar la configuración de Twilio.',
  },
  en: {
    tab: 'Twilio',
    intro:
      'The Twilio account that places the phone pressures’ calls: the person pressing gets a call from this number and is connected to the target.',
    accountSid: 'Account SID',
    accountSidHint: 'Starts with AC, followed by 32 letters and digits. It is on the Twilio console.',
    authToken: 'Auth token',
    authTokenHint: 'For safety the saved token is never shown. Leave it blank to keep the current one.',
    authTokenSaved: 'A token is saved.',
    authTokenMissing: 'No token saved yet.',
    number: 'Number',
    numberHint: 'The Twilio number, with + and the country code. E.g. +5511999990000',
    save: 'Save',
    saved: 'The Twilio settings were saved.',
    sidInvalid: 'Enter the Account SID: AC followed by 32 letters and digits',
    tokenInvalid: 'The auth token has 32 letters and digits',
    tokenRequired: 'Enter the auth token',
    numberInvalid: 'Enter the number with + and the country code. E.g. +5511999990000',
    readOnly: 'Only the community’s administrators can change the Twilio settings.',
    sandbox: 'This server uses the test telephony (sandbox): calls are simulated and none really goes out.',
    loadFailed: 'The Twilio settings could not be loaded.',
  },
} as const;
