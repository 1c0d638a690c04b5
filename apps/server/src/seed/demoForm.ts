import { type FormField, type RichTextDocument, serializeContent, serializeFormFields } from '@mutirao/core';
import type { BlockSeed } from './factories';

/** The demo page's sign-up form: how many made-up people have already signed up on a fresh install. */
export const DEMO_SIGN_UPS = 340;

export const SIGN_UP_FIELDS: FormField[] = [
  { uid: 'field-participe-nome', kind: 'text', label: 'Nome', placeholder: 'Seu nome completo', required: 'true' },
  { uid: 'field-participe-email', kind: 'email', label: 'E-mail', placeholder: 'seu@email.com', required: 'true' },
  {
    uid: 'field-participe-whatsapp',
    kind: 'text',
    label: 'WhatsApp',
    placeholder: '(81) 90000-0000',
    required: 'false',
  },
  {
    uid: 'field-participe-ajuda',
    kind: 'dropdown',
    label: 'Como você quer ajudar?',
    placeholder: 'Divulgar nas redes, Ir à assembleia, Mapear imóveis vazios, Apoio jurídico',
    required: 'true',
  },
];

const paragraph = (text: string, marks: Record<string, unknown> = {}) => ({
  type: 'paragraph' as const,
  children: [{ text, ...marks }],
});

const THANK_YOU_EMAIL: RichTextDocument = [
  paragraph('Que bom ter você com a gente!'),
  paragraph(
    'Sua inscrição na campanha Moradia digna no centro do Recife chegou. Nos próximos dias mandamos as datas dos mutirões de mapeamento e da assembleia aberta.',
  ),
  {
    type: 'paragraph',
    children: [
      { text: 'Enquanto isso, leia o ' },
      {
        type: 'link',
        href: 'https://example.org/levantamento-imoveis-vazios',
        target: '_blank',
        children: [{ text: 'levantamento dos imóveis vazios' }],
      },
      { text: '.' },
    ],
  } as RichTextDocument[number],
  paragraph('Coletivo Bem Viver', { bold: true }),
];

const FINISH_MESSAGE: RichTextDocument = [
  { type: 'heading', level: 2, align: 'center', children: [{ text: 'Inscrição feita!' }] },
  {
    type: 'paragraph',
    align: 'center',
    children: [{ text: 'Mandamos um e-mail com os próximos passos. Até a assembleia!' }],
  },
];

/**
 * The sign-up block of the demo page: a form with a required name and e-mail, a WhatsApp field and a dropdown, a
 * thank-you e-mail and a custom finish message, so the report, the counter and the mailbox show something on the
 * first start.
 */
export const SIGN_UP_BLOCK: BlockSeed = {
  name: 'Participe',
  bgClass: 'bg-3',
  widgets: [
    {
      kind: 'content',
      mdSize: 6,
      lgSize: 6,
      settings: {
        content: serializeContent([
          { type: 'heading', level: 2, children: [{ text: 'Venha para o mutirão' }] },
          paragraph(
            'Precisamos de gente para mapear os imóveis vazios rua por rua, levar vizinhas e vizinhos à assembleia e acompanhar as famílias ameaçadas de despejo.',
          ),
          paragraph('Deixe seu contato e diga como quer ajudar: a gente chama você para a próxima ação.'),
        ]),
      },
    },
    {
      kind: 'form',
      mdSize: 6,
      lgSize: 6,
      settings: {
        call_to_action: 'Entre no mutirão pela moradia',
        button_text: 'Quero participar',
        main_color: '#c4007e',
        count_text: 'pessoas já estão no mutirão',
        fields: serializeFormFields(SIGN_UP_FIELDS),
        sender_name: 'Coletivo Bem Viver',
        sender_email: 'contato@bemviver.example.org',
        email_subject: 'Bem-vinda ao mutirão pela moradia!',
        email_text: serializeContent(THANK_YOU_EMAIL),
        finish_message_type: 'custom',
        finish_message: serializeContent(FINISH_MESSAGE),
        finish_message_background: '255,255,255,1',
      },
    },
  ],
};
