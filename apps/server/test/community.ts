import { ROLES } from '@mutirao/core';
import type { Db } from '../src/db/client';
import { type BlockSeed, createCommunity, createMobilization, createUser } from '../src/seed/factories';

/**
 * A community with an admin and a mobilizer (role 2), one page built from `blocks`, and an outsider who belongs to
 * no community: the three callers a community report's authorization is tested with. `tag` keeps e-mails and slugs
 * apart between calls.
 */
export async function communityWithMembers(db: Db, tag: string, page: { name: string; blocks: BlockSeed[] }) {
  const admin = await createUser(db, { email: `${tag}-admin@example.org` });
  const mobilizer = await createUser(db, { email: `${tag}-mob@example.org` });
  const outsider = await createUser(db, { email: `${tag}-out@example.org` });
  const community = await createCommunity(db, {
    name: `Comunidade ${tag}`,
    ownerId: admin.id,
    members: [{ userId: mobilizer.id, role: ROLES.mobilizer }],
  });
  const mobilization = await createMobilization(db, {
    communityId: community.id,
    name: page.name,
    slug: `${tag}-page`,
    blocks: page.blocks,
  });
  return { community, page: mobilization, admin, mobilizer, outsider };
}
