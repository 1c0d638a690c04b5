import type { Db } from '../db/client';
import { mobilizations } from '../db/schema';

const CAUSES = ['Ciclovia', 'Praça', 'Creche', 'Horta', 'Biblioteca', 'Posto de saúde', 'Ônibus', 'Parque', 'Escola'];
const PLACES = ['do Bairro Novo', 'da Várzea', 'de Casa Amarela', 'do Ibura', 'da Boa Vista', 'de Afogados'];

/**
 * Many mobilizations in one community, for the benchmark and for list tests: inserted in batches of 1,000,
 * with distinct slugs and spread-out dates so that ordering and pagination have work to do.
 */
export async function createManyMobilizations(db: Db, communityId: number, userId: number | null, count: number) {
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const name = `${CAUSES[i % CAUSES.length]} ${PLACES[i % PLACES.length]} ${i + 1}`;
      const at = new Date(now - i * 3_600_000);
      rows.push({
        communityId,
        userId,
        name,
        goal: `Juntar vizinhas e vizinhos pela ${name.toLowerCase()}.`,
        slug: `c${communityId}-mobilizacao-${i + 1}`,
        status: i % 10 === 9 ? ('archived' as const) : ('active' as const),
        language: 'pt-BR',
        createdAt: at,
        updatedAt: at,
      });
    }
    await db.insert(mobilizations).values(rows);
  }
}
