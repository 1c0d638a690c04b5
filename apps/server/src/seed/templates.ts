import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { templateMobilizations } from '../db/schema';
import { type BlockSeed, createTemplate } from './factories';

/** Form fields are stored as a JSON string, as the form widget reads them (spec 02 §3). */
const formFields = (fields: Record<string, string>[]) => JSON.stringify(fields);

export const PETITION_BLOCKS: BlockSeed[] = [
  {
    name: 'Início',
    bgClass: 'bg-1',
    widgets: [
      {
        kind: 'content',
        settings: {
          content:
            '<h1>Assine e faça parte dessa luta</h1><p>Conte em poucas linhas o que está acontecendo, quem pode resolver e o que precisa mudar. Cada assinatura mostra a quem decide que a cidade está olhando.</p>',
        },
      },
    ],
  },
  {
    name: 'Assine',
    bgClass: 'bg-white',
    widgets: [
      {
        kind: 'content',
        mdSize: 6,
        lgSize: 6,
        settings: {
          content:
            '<h2>Por que assinar?</h2><ul><li>Porque a decisão é pública e nos afeta diretamente.</li><li>Porque juntos somos ouvidos.</li><li>Porque a entrega das assinaturas será feita em audiência aberta.</li></ul>',
        },
      },
      {
        kind: 'form',
        mdSize: 6,
        lgSize: 6,
        settings: {
          call_to_action: 'Assine o abaixo-assinado',
          button_text: 'Assinar',
          count_text: 'assinaturas',
          main_color: '#ee0099',
          finish_message_type: 'share',
          whatsapp_text: 'Eu já assinei! Assine você também:',
          fields: formFields([
            { uid: 'field-nome', kind: 'text', label: 'Nome', placeholder: 'Seu nome completo', required: 'true' },
            { uid: 'field-email', kind: 'email', label: 'E-mail', placeholder: 'seu@email.com', required: 'true' },
            { uid: 'field-cidade', kind: 'text', label: 'Cidade', placeholder: 'Onde você mora', required: 'false' },
          ]),
        },
      },
    ],
  },
  {
    name: 'Compartilhe',
    bgClass: 'bg-2',
    widgets: [
      {
        kind: 'content',
        settings: {
          content:
            '<h2>Quanto mais gente, mais força</h2><p>Depois de assinar, mande para três pessoas. É assim que um abaixo-assinado chega a milhares de nomes.</p>',
        },
      },
    ],
  },
];

export const PRESSURE_BLOCKS: BlockSeed[] = [
  {
    name: 'Início',
    bgClass: 'bg-3',
    widgets: [
      {
        kind: 'content',
        settings: {
          content:
            '<h1>Pressione quem decide</h1><p>Em dois minutos, envie um e-mail para os vereadores que vão votar o projeto. Eles precisam saber o que a população pensa antes da votação.</p>',
        },
      },
    ],
  },
  {
    name: 'Pressão',
    bgClass: 'bg-white',
    widgets: [
      {
        kind: 'content',
        mdSize: 6,
        lgSize: 6,
        settings: {
          content:
            '<h2>O que está em jogo</h2><p>Explique o projeto, a data da votação e o que muda na vida das pessoas se ele for aprovado ou rejeitado.</p>',
        },
      },
      {
        kind: 'pressure',
        mdSize: 6,
        lgSize: 6,
        settings: {
          title_text: 'Envie um e-mail agora',
          button_text: 'Enviar e-mail',
          count_text: 'pressões feitas',
          main_color: '#f23392',
          targets: [
            'Presidência da Câmara <presidencia@camara.example.org>',
            'Liderança do Governo <lideranca@camara.example.org>',
            'Comissão de Orçamento <orcamento@camara.example.org>',
          ],
          pressure_subject: 'Vote pela população nesta votação',
          pressure_body:
            'Excelentíssimo(a) vereador(a),\n\nSou eleitor(a) desta cidade e peço que vote a favor da população. Estamos acompanhando a votação.\n\nAtenciosamente,',
          show_city: 'city-true',
          disable_edit_field: 'n',
          finish_message_type: 'share',
        },
      },
    ],
  },
];

export const DONATION_BLOCKS: BlockSeed[] = [
  {
    name: 'Início',
    bgClass: 'bg-4',
    widgets: [
      {
        kind: 'content',
        settings: {
          content:
            '<h1>Doe para manter a luta de pé</h1><p>Nossa campanha é financiada por quem acredita nela. Com a sua doação pagamos materiais, transporte para as audiências e assessoria jurídica.</p>',
        },
      },
    ],
  },
  {
    name: 'Doação',
    bgClass: 'bg-white',
    widgets: [
      {
        kind: 'donation',
        mdSize: 6,
        lgSize: 6,
        goal: 5_000_000,
        settings: {
          title_text: 'Faça sua doação',
          button_text: 'Doar agora',
          main_color: '#54d0f6',
          payment_type: 'users_choice',
          recurring_period: 30,
          donation_value1: '20',
          donation_value2: '50',
          donation_value3: '100',
          donation_value4: '200',
          donation_value5: '500',
          default_donation_value: 2,
          payment_methods: 'true',
          finish_message_type: 'share',
        },
      },
      {
        kind: 'content',
        mdSize: 6,
        lgSize: 6,
        settings: {
          content:
            '<h2>Para onde vai o dinheiro</h2><ul><li>R$ 50 imprimem 200 panfletos.</li><li>R$ 100 levam uma pessoa à audiência em Brasília.</li><li>R$ 500 pagam um dia de assessoria jurídica.</li></ul>',
        },
      },
    ],
  },
];

export const EVENT_BLOCKS: BlockSeed[] = [
  {
    name: 'Convocação',
    bgClass: 'bg-5',
    widgets: [
      {
        kind: 'content',
        settings: {
          content:
            '<h1>Todo mundo na rua!</h1><p><strong>Sábado, às 10h, em frente à Prefeitura.</strong> Traga sua família, seus vizinhos e a sua faixa.</p>',
        },
      },
    ],
  },
  {
    name: 'Confirme presença',
    bgClass: 'bg-white',
    widgets: [
      {
        kind: 'form',
        settings: {
          call_to_action: 'Confirme sua presença',
          button_text: 'Eu vou',
          count_text: 'pessoas confirmadas',
          main_color: '#50e3c2',
          finish_message_type: 'custom',
          finish_message: '<p>Obrigado! Enviaremos os detalhes do ato por e-mail.</p>',
          fields: formFields([
            { uid: 'field-nome', kind: 'text', label: 'Nome', placeholder: 'Seu nome', required: 'true' },
            { uid: 'field-email', kind: 'email', label: 'E-mail', placeholder: 'seu@email.com', required: 'true' },
            {
              uid: 'field-transporte',
              kind: 'dropdown',
              label: 'Precisa de transporte?',
              placeholder: 'Não,Sim, saindo da Zona Norte,Sim, saindo da Zona Sul',
              required: 'false',
            },
          ]),
        },
      },
    ],
  },
];

export const GLOBAL_TEMPLATES = [
  {
    name: 'Abaixo-assinado',
    goal: 'Reúna assinaturas para levar uma reivindicação a quem decide.',
    colorScheme: 'meurio-scheme',
    headerFont: 'Oswald',
    bodyFont: 'Open Sans',
    blocks: PETITION_BLOCKS,
  },
  {
    name: 'Pressão por e-mail',
    goal: 'Envie e-mails em massa a vereadores, deputados ou gestores antes de uma votação.',
    colorScheme: 'nossas-scheme',
    headerFont: 'Fjalla One',
    bodyFont: 'Lato',
    blocks: PRESSURE_BLOCKS,
  },
  {
    name: 'Campanha de doação',
    goal: 'Arrecade doações únicas ou mensais para financiar a mobilização.',
    colorScheme: 'minhasampa-scheme',
    headerFont: 'Merriweather',
    bodyFont: 'Source Sans Pro',
    blocks: DONATION_BLOCKS,
  },
  {
    name: 'Convocação para ato',
    goal: 'Chame as pessoas para um ato público e saiba quantas vão comparecer.',
    colorScheme: 'meurio-scheme',
    headerFont: 'Dosis',
    bodyFont: 'Ubuntu',
    blocks: EVENT_BLOCKS,
  },
];

/** The global template library; a template already present by name is left alone. */
export async function seedGlobalTemplates(db: Db) {
  const created = [];
  for (const attrs of GLOBAL_TEMPLATES) {
    const [existing] = await db
      .select({ id: templateMobilizations.id })
      .from(templateMobilizations)
      .where(and(eq(templateMobilizations.global, true), eq(templateMobilizations.name, attrs.name)))
      .limit(1);
    if (!existing) created.push(await createTemplate(db, { ...attrs, global: true }));
  }
  return created;
}
