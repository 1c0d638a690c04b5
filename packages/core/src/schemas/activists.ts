import { z } from 'zod';
import { ACTION_KINDS } from '../actions/definitions';
import { msg } from '../messages';

/**
 * The people of a community (spec 01 §2 activist management, §9 activist period filters and operators): the filters
 * the activist list, saved segments and mass messages share.
 */

/** spec 01 §9 "Activist period filters": today, week, 15 days, 30 days, 3 months, year, always, custom. */
export const ACTIVIST_PERIODS = ['today', 'week', '15days', '30days', '3months', 'year', 'always', 'custom'] as const;
export type ActivistPeriod = (typeof ACTIVIST_PERIODS)[number];

/** spec 01 §9 "operators and/or": how the filters that are set combine. */
export const ACTIVIST_OPERATORS = ['and', 'or'] as const;
export type ActivistOperator = (typeof ACTIVIST_OPERATORS)[number];

export const ACTIVIST_SORTS = ['last_action', 'name', 'created', 'actions'] as const;
export type ActivistSort = (typeof ACTIVIST_SORTS)[number];

/** How many days back each period reaches (today: since midnight in the community's zone, taken as UTC here). */
export const PERIOD_DAYS: Record<Exclude<ActivistPeriod, 'always' | 'custom' | 'today'>, number> = {
  week: 7,
  '15days': 15,
  '30days': 30,
  '3months': 90,
  year: 365,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (message: string) =>
  z
    .string()
    .regex(ISO_DATE, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

/**
 * One filter set. Each filter that is set is one condition on the person: took an action on one of these pages; took
 * an action of one of these kinds; carries one of these tags; took an action in the period. `operator` joins the
 * conditions ('and': all of them, 'or': any). The search text always narrows the result, whatever the operator.
 */
export const activistFilterSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    operator: z.enum(ACTIVIST_OPERATORS, { error: msg('activists.operatorInvalid') }).default('and'),
    mobilization_ids: z.array(z.number().int().positive()).max(50).optional(),
    kinds: z
      .array(z.enum(ACTION_KINDS, { error: msg('activists.kindInvalid') }))
      .max(ACTION_KINDS.length)
      .optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    period: z.enum(ACTIVIST_PERIODS, { error: msg('activists.periodInvalid') }).default('always'),
    from: isoDate(msg('activists.dateInvalid')).optional(),
    to: isoDate(msg('activists.dateInvalid')).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.period !== 'custom') return;
    if (!f.from) ctx.addIssue({ code: 'custom', path: ['from'], message: msg('activists.fromRequired') });
    if (f.from && f.to && f.to < f.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg('activists.toBeforeFrom') });
  });
export type ActivistFilter = z.output<typeof activistFilterSchema>;

/** A tag: what people type, trimmed; no commas (CSV imports split on them). */
export const activistTagSchema = z.object({
  tag: z
    .string({ error: msg('activists.tagRequired') })
    .trim()
    .min(1, msg('activists.tagRequired'))
    .max(100, msg('activists.tagTooLong'))
    .refine((t) => !t.includes(','), msg('activists.tagComma')),
});

/** A saved segment: a named filter set, reused in the list and in mass messages. */
export const activistSegmentSchema = z.object({
  name: z
    .string({ error: msg('activists.segmentNameRequired') })
    .trim()
    .min(1, msg('activists.segmentNameRequired'))
    .max(100, msg('activists.segmentNameTooLong')),
  filter: activistFilterSchema,
});

export const activistsMessages = {
  'pt-BR': {
    operatorInvalid: 'Use "e" ou "ou" para combinar os filtros',
    kindInvalid: 'Tipo de ação inválido',
    periodInvalid: 'Período inválido',
    dateInvalid: 'Informe a data no formato AAAA-MM-DD',
    fromRequired: 'Informe a data de início do período',
    toBeforeFrom: 'A data final vem antes da inicial',
    tagRequired: 'Informe a etiqueta',
    tagTooLong: 'A etiqueta pode ter até 100 caracteres',
    tagComma: 'A etiqueta não pode ter vírgula',
    segmentNameRequired: 'Dê um nome ao segmento',
    segmentNameTooLong: 'O nome pode ter até 100 caracteres',
    segmentNameTaken: 'Já existe um segmento com esse nome',
    cursorInvalid: 'Página inválida; volte para o início da lista',
  },
  es: {
    operatorInvalid: 'Usa "y" u "o" para combinar los filtros',
    kindInvalid: 'Tipo de acción inválido',
    periodInvalid: 'Período inválido',
    dateInvalid: 'Escribe la fecha en el formato AAAA-MM-DD',
    fromRequired: 'Indica la fecha de inicio del período',
    toBeforeFrom: 'La fecha final es anterior a la inicial',
    tagRequired: 'Indica la etiqueta',
    tagTooLong: 'La etiqueta puede tener hasta 100 caracteres',
    tagComma: 'La etiqueta no puede tener comas',
    segmentNameRequired: 'Dale un nombre al segmento',
    segmentNameTooLong: 'El nombre puede tener hasta 100 caracteres',
    segmentNameTaken: 'Ya existe un segmento con ese nombre',
    cursorInvalid: 'Página inválida; vuelve al inicio de la lista',
  },
  en: {
    operatorInvalid: 'Use "and" or "or" to combine the filters',
    kindInvalid: 'Invalid action kind',
    periodInvalid: 'Invalid period',
    dateInvalid: 'Write the date as YYYY-MM-DD',
    fromRequired: 'Give the start date of the period',
    toBeforeFrom: 'The end date comes before the start date',
    tagRequired: 'Give the tag',
    tagTooLong: 'A tag can have up to 100 characters',
    tagComma: 'A tag cannot have a comma',
    segmentNameRequired: 'Give the segment a name',
    segmentNameTooLong: 'The name can have up to 100 characters',
    segmentNameTaken: 'A segment with this name already exists',
    cursorInvalid: 'Invalid page; go back to the start of the list',
  },
} as const;

/** How long the link of a visitor's data request works (hours). */
export const DATA_REQUEST_TTL_HOURS = 24;
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** A visitor's request, from the page the consent notice links to: their e-mail and what they want. */
export const dataRequestSchema = z.object({
  mobilization_id: z
    .number({ error: msg('dataRequests.pageNotFound') })
    .int()
    .positive(),
  email: z
    .string({ error: msg('dataRequests.emailRequired') })
    .trim()
    .min(1, msg('dataRequests.emailRequired'))
    .max(200, msg('dataRequests.emailInvalid'))
    .email(msg('dataRequests.emailInvalid')),
  kind: z.enum(DATA_REQUEST_KINDS, { error: msg('dataRequests.kindRequired') }),
});
export type DataRequestInput = z.output<typeof dataRequestSchema>;
