import type { ActionKind } from '@mutirao/core';
import type { ActionData, SchemaTable, TableNamingAPerson } from './data';
import { donationActions } from './kinds/donation';
import { formActions } from './kinds/form';
import { pressureActions } from './kinds/pressure';
import { phonePressureActions } from './kinds/pressurePhone';

/**
 * Every kind of action with what it stores about people (`actions/data.ts`). A kind added to core's `ACTION_KINDS`
 * without a declaration here does not compile.
 */
export const ACTION_DATA = {
  form: formActions,
  pressure: pressureActions,
  'pressure-phone': phonePressureActions,
  donation: donationActions,
} as const satisfies Record<ActionKind, ActionData>;

export const actionData = (kind: ActionKind): ActionData => ACTION_DATA[kind];

type DeclaredByKinds = (typeof ACTION_DATA)[ActionKind]['tables'][number];

/**
 * The tables that name a person and hold no action, with what erasure does with their rows (`activists/erasure.ts`
 * runs it). With the kinds' tables, these must be every table of the schema with an `activist_id`: a table added with
 * one, and declared nowhere, does not compile (below), so an erasure can never miss it.
 */
export const PERSON_TABLES = {
  activistConsents: 'deleted with the person (on delete cascade)',
  activistDataRequests: 'kept without the person (on delete set null): when and how a request was made',
  activistErasures: 'the audit row: the erased id and counts, nothing of the person',
  facebookBotActivists: 'deleted by erasure: the chat-bot subscriber row',
  facebookBotCampaignActivists: 'deleted with their chat-bot subscriber row (on delete cascade)',
  mailchimpQueue: 'deleted with the person (on delete cascade)',
} as const satisfies Record<Exclude<TableNamingAPerson, DeclaredByKinds>, string>;

/** Compile-time: a table claimed by a kind or above must exist in the schema (the other half is `satisfies` above). */
type Claimed = DeclaredByKinds | keyof typeof PERSON_TABLES;
const claimedExist: Claimed extends SchemaTable ? true : never = true;
void claimedExist;
