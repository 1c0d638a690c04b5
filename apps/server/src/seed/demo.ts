import { ROLES } from '@mutirao/core';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createCommunity, createUser } from './factories';

export const DEMO_ORGANISER = {
  email: 'demo@mutirao.org',
  password: 'mutirao-demo',
  firstName: 'Ana',
  lastName: 'Souza',
};

/** Seeds the demo data once: only into a database that has no users yet. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;
  const organiser = await createUser(db, DEMO_ORGANISER);
  const colleague = await createUser(db, {
    email: 'joao@mutirao.org',
    password: 'mutirao-demo',
    firstName: 'João',
    lastName: 'Lima',
  });
  await createCommunity(db, {
    name: 'Coletivo Bem Viver',
    city: 'Recife',
    description: 'Mobilizações por moradia, transporte e clima na Região Metropolitana do Recife.',
    ownerId: organiser.id,
    members: [{ userId: colleague.id, role: ROLES.mobilizer }],
  });
  await createCommunity(db, {
    name: 'Rede Ciclovias Já',
    city: 'Porto Alegre',
    description: 'Ciclistas e pedestres por uma cidade que cabe todo mundo.',
    ownerId: organiser.id,
  });
  return true;
}
