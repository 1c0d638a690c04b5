import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mobilizationRevisions, mobilizations } from '../../db/schema';
import { draftSnapshot } from '../../pages/published';

/**
 * Bonde has no drafts: an active page is what visitors see. Each imported page that is active, not deleted and not
 * yet launched here gets revision 1 with its imported content, published in the name of its author, so it is served
 * as it was and later edits wait in the draft as for any launched page. Answers how many were published.
 */
export async function publishImported(tx: Tx): Promise<number> {
  const pending = (await tx.execute(sql`
    select m.id, m.user_id from ${mobilizations} m
    join bonde_import_ids i on i.source_table = 'mobilizations' and i.target_id = m.id
    where m.status = 'active' and m.deleted_at is null and m.published_revision_id is null
    order by m.id`)) as unknown as { rows: { id: number; user_id: number | null }[] };
  for (const page of pending.rows) {
    const snapshot = await draftSnapshot(tx, page.id);
    const [revision] = await tx
      .insert(mobilizationRevisions)
      .values({ mobilizationId: page.id, number: 1, content: snapshot, publishedBy: page.user_id })
      .returning({ id: mobilizationRevisions.id });
    await tx.execute(
      sql`update ${mobilizations} set published_revision_id = ${revision?.id ?? null} where id = ${page.id}`,
    );
  }
  return pending.rows.length;
}
