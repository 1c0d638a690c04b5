import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { subthemes, themes } from '../db/schema';

/** Brazilian civic themes and their subthemes: the choices of the settings/basics theme selector. */
export const THEMES: { label: string; subthemes: string[] }[] = [
  {
    label: 'Direito à Cidade',
    subthemes: ['Moradia', 'Mobilidade urbana', 'Espaços públicos', 'Saneamento básico'],
  },
  {
    label: 'Meio Ambiente',
    subthemes: ['Mudanças climáticas', 'Áreas verdes e parques', 'Proteção animal', 'Resíduos e reciclagem'],
  },
  { label: 'Educação', subthemes: ['Educação básica', 'Ensino superior', 'Alimentação escolar'] },
  { label: 'Saúde', subthemes: ['SUS', 'Saúde mental', 'Direitos sexuais e reprodutivos'] },
  {
    label: 'Direitos Humanos',
    subthemes: [
      'Igualdade racial',
      'Direitos das mulheres',
      'Direitos LGBTQIA+',
      'Povos indígenas',
      'Pessoas com deficiência',
    ],
  },
  {
    label: 'Democracia e Transparência',
    subthemes: ['Participação popular', 'Combate à corrupção', 'Orçamento público', 'Reforma política'],
  },
];

/**
 * Makes sure every theme and subtheme above exists, adding only what is missing, so it can run on every boot
 * and in every test database. It does not depend on a migration holding the data. A boot where all exist reads two
 * small tables and writes nothing.
 */
export async function seedThemes(db: Db | Tx): Promise<void> {
  const themeRows = await db.select({ id: themes.id, label: themes.label }).from(themes);
  const subthemeRows = await db.select({ themeId: subthemes.themeId, label: subthemes.label }).from(subthemes);
  const themeIds = new Map(themeRows.map((row) => [row.label, row.id]));
  const present = new Set(subthemeRows.map((row) => `${row.themeId}\u0000${row.label}`));
  for (const theme of THEMES) {
    let id = themeIds.get(theme.label);
    if (id === undefined) {
      const [row] = await db.insert(themes).values({ label: theme.label }).returning({ id: themes.id });
      if (!row) throw new Error('seedThemes: theme insert returned nothing');
      id = row.id;
    }
    const themeId = id;
    const missing = theme.subthemes.filter((label) => !present.has(`${themeId}\u0000${label}`));
    if (missing.length) await db.insert(subthemes).values(missing.map((label) => ({ label, themeId })));
  }
}

/** Subtheme ids and their theme for seed data written by label. */
export async function subthemesByLabel(db: Db | Tx, labels: string[]) {
  const rows = await db.select().from(subthemes).where(inArray(subthemes.label, labels));
  return labels.map((label) => {
    const row = rows.find((r) => r.label === label);
    if (!row) throw new Error(`unknown subtheme ${label}`);
    return row;
  });
}
