import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { activists } from '../db/schema';

/** What an action tells us about the person who took it. Only the e-mail is required. */
export interface ActivistInput {
  email: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  city?: string;
}

const clean = (value: string | undefined, max = 200) => {
  const v = value?.replace(/\s+/g, ' ').trim().slice(0, max);
  return v || undefined;
};

/**
 * Fills in the name parts a form did not ask for: a full name gives a first name (its first word) and a last name
 * (the rest); a first and last name give the full name.
 */
export function completeName(input: ActivistInput): ActivistInput {
  const name = clean(input.name);
  let firstName = clean(input.firstName);
  let lastName = clean(input.lastName);
  if (name && !firstName && !lastName) {
    const [first, ...rest] = name.split(' ');
    firstName = first;
    lastName = rest.join(' ') || undefined;
  }
  return {
    email: input.email.trim(),
    name: name ?? (clean([firstName, lastName].filter(Boolean).join(' ')) || undefined),
    firstName,
    lastName,
    phone: clean(input.phone, 50),
    city: clean(input.city),
  };
}

/** A person's columns as a batch statement's `input` CTE carries them (`batchActivistUpsert`). */
export interface BatchPerson {
  email: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  city: string | null;
}

/** The batch columns of the person an action names, their name completed as every action completes it. */
export function batchPerson(raw: ActivistInput): BatchPerson {
  const person = completeName(raw);
  return {
    email: person.email,
    name: person.name ?? null,
    first_name: person.firstName ?? null,
    last_name: person.lastName ?? null,
    phone: person.phone ?? null,
    city: person.city ?? null,
  };
}

/**
 * What an upsert into `activists` does to a stored person (the action upsert below and the CSV import's): it fills
 * only what the record lacks, so a stored name or phone is never rewritten.
 */
export const FILL_MISSING = sql.raw(
  ['name', 'first_name', 'last_name', 'phone', 'city']
    .map((c) => `${c} = coalesce(activists.${c}, excluded.${c})`)
    .join(', '),
);

/**
 * The upsert of a batch's activists, as the body of a CTE: from the CTE `from` with `community_id, email, name,
 * first_name, last_name, phone, city` (rows without an e-mail are no one), in key order so two batches lock people in
 * the same order, returning each one's id and key (`community_id`, `email_key`) for the batch to join its rows to.
 * Each row is one action, as below, unless `countsAction` is false (a donation counts once paid).
 */
export function batchActivistUpsert(from = 'input', { countsAction = true } = {}): SQL {
  const source = sql.raw(from);
  const counted = countsAction ? sql`actions_count = activists.actions_count + 1, last_action_at = now(),` : sql``;
  return sql`
      insert into activists (community_id, email, name, first_name, last_name, phone, city, actions_count, last_action_at)
      select community_id, email, name, first_name, last_name, phone, city, ${sql.raw(countsAction ? '1, now()' : '0, null')}
      from ${source}
      where email is not null order by community_id, lower(email)
      on conflict (community_id, lower(email)) do update set
        ${FILL_MISSING},
        ${counted}
        updated_at = now()
      returning id, community_id, lower(email) as email_key`;
}

/** `batchActivistUpsert` of the `input` CTE, each row counted as an action. */
export const BATCH_ACTIVIST_UPSERT = batchActivistUpsert();

/**
 * The upsert of the community's activist with this e-mail (matched without regard to case, the unique index
 * `activists_community_email_lower_idx`), returning its id: to run, or to embed in a larger statement. Visitor
 * actions are anonymous, and anyone can type someone else's e-mail, so an action only fills what the record lacks:
 * a stored name or phone is never rewritten by it (what the visitor typed stays on their own entry). One statement,
 * so concurrent actions by the same person cannot create two rows. A form entry or an e-mail pressure is an action
 * as soon as it is stored: the call counts it and moves the person's last action to now (the people list sorts and
 * filters on both). A donation or a call is one only once paid or completed (core's `actions/definitions.ts`): its
 * upsert (`countsAction: false`) leaves the count alone, and `actionMoved` counts it when it becomes one.
 */
export function activistUpsertQuery(communityId: number, raw: ActivistInput, { countsAction = true } = {}): SQL {
  const a = completeName(raw);
  const counted = countsAction ? sql`, actions_count = activists.actions_count + 1, last_action_at = now()` : sql``;
  return sql`
    insert into ${activists} (community_id, email, name, first_name, last_name, phone, city, actions_count,
                              last_action_at)
    values (${communityId}, ${a.email}, ${a.name ?? null}, ${a.firstName ?? null}, ${a.lastName ?? null},
            ${a.phone ?? null}, ${a.city ?? null}, ${countsAction ? 1 : 0}, ${countsAction ? sql`now()` : null})
    on conflict (community_id, lower(email)) do update set
      ${FILL_MISSING}${counted},
      updated_at = now()
    returning id`;
}

/** Runs `activistUpsertQuery` in the caller's transaction and returns the activist's id. */
export async function upsertActivist(
  tx: Db | Tx,
  communityId: number,
  raw: ActivistInput,
  options?: { countsAction?: boolean },
): Promise<number> {
  const result = (await tx.execute(activistUpsertQuery(communityId, raw, options))) as unknown as {
    rows: { id: number }[];
  };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('activist upsert returned nothing');
  return Number(id);
}
