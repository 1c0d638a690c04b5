import { and, isNull, sql } from 'drizzle-orm';
import { workableCommunityFilter } from '../communities/access';
import { blocks, mobilizations } from '../db/schema';
import type { RowFilter } from '../graphql/policy';

/** Blocks of live pages the actor works on; deleted blocks are left to each use (reads hide them). */
export const blocksOfWorkablePages: RowFilter = (actor) =>
  sql`${blocks.mobilizationId} in (select ${mobilizations.id} from ${mobilizations} where ${and(
    isNull(mobilizations.deletedAt),
    workableCommunityFilter(actor, mobilizations.communityId),
  )})`;
