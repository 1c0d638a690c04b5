import { type Locale, translate } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Config, publicPageUrl } from '../config';
import type { Tx } from '../db/client';
import { type ActionSource, activistConsents } from '../db/schema';

/**
 * The consent notice every action widget shows under its button (`formView.consent`, packages/widgets' `ConsentNote`),
 * as the person saw it: the text in the page's language and the page's public address. Rendered here from the same
 * catalogue the page was rendered from, never taken from the visitor.
 */
export interface ConsentShown {
  text: string;
  pageUrl: string;
  locale: Locale;
}

/** The consent shown on a published page (the row `findPublishedWidget` returns). */
export function consentShown(
  config: Config,
  page: { language: string | null; slug: string; customDomain: string | null },
): ConsentShown {
  const locale: Locale = page.language === 'es' ? 'es' : page.language === 'en' ? 'en' : 'pt-BR';
  return { text: translate(locale, 'formView.consent'), pageUrl: publicPageUrl(config, page), locale };
}

export interface ConsentRecord {
  consent: ConsentShown;
  communityId: number;
  mobilizationId: number;
  widgetId: number;
  source: ActionSource;
  /** The person and the action: ids, or subqueries of the statement that writes them. */
  activistId: number | SQL;
  actionId: number | SQL;
}

/** The insert of one consent row, to run or to embed in a larger statement (the form entry's CTEs). */
export function consentInsertQuery(r: ConsentRecord): SQL {
  return sql`insert into ${activistConsents}
      (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
    values (${r.communityId}, ${r.activistId}, ${r.source}, ${r.actionId}, ${r.mobilizationId}, ${r.widgetId},
      ${r.consent.text}, ${r.consent.pageUrl}, ${r.consent.locale})`;
}

/** Stores the consent in the action's own transaction: the action and its consent commit together. */
export async function recordConsent(tx: Tx, r: ConsentRecord): Promise<void> {
  await tx.execute(consentInsertQuery(r));
}
