import { dropdownOptions, type FormEntryField, type FormField, inputFields } from '@mutirao/core';

/*
 * Made-up but plausible people for the demo page and the benchmark: Brazilian names, e-mails derived from them,
 * phones with real area codes, cities of the Recife region. Deterministic (a seeded generator), so every fresh
 * install shows the same demo.
 */

const FIRST = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
  'Márcia',
  'Pedro',
  'Fernanda',
  'Lucas',
  'Patrícia',
  'Luiz',
  'Aline',
  'Marcos',
  'Camila',
  'Rafael',
  'Letícia',
  'Gabriel',
  'Beatriz',
  'Severino',
  'Conceição',
  'Raimundo',
  'Jéssica',
  'Thiago',
  'Luana',
  'Edivaldo',
  'Iara',
  'Cícero',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
  'Melo',
  'Barbosa',
  'Cavalcanti',
  'Albuquerque',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Monteiro',
  'Freitas',
  "D'Ávila",
  'Conceição',
  'Bezerra',
  'Tavares',
  'Vasconcelos',
];
const CITIES = ['Recife', 'Olinda', 'Jaboatão dos Guararapes', 'Paulista', 'Camaragibe', 'Cabo de Santo Agostinho'];
const AREA_CODES = ['81', '81', '81', '87', '83', '11'];
const NOTES = [
  'Moro no centro há 20 anos.',
  'Posso ajudar aos sábados.',
  'Tenho carro para levar gente à assembleia.',
  'Sou advogada, posso ajudar com os despejos.',
  '',
  '',
];

/** A small seeded generator (mulberry32): the same sequence on every install. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Person {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
}

const pick = <T>(list: readonly T[], random: () => number) => list[Math.floor(random() * list.length)] as T;
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The n-th person of a run; `tag` keeps e-mails unique across runs in one community. */
export function person(n: number, random: () => number, tag = ''): Person {
  const firstName = pick(FIRST, random);
  const lastName = `${pick(LAST, random)}${random() < 0.4 ? ` ${pick(LAST, random)}` : ''}`;
  const email = `${ascii(firstName)}.${ascii(lastName.split(' ').at(-1) ?? '')}${tag}${n}@example.org`;
  const phone = `(${pick(AREA_CODES, random)}) 9${String(Math.floor(random() * 1e8))
    .padStart(8, '0')
    .replace(/^(\d{4})/, '$1-')}`;
  return { name: `${firstName} ${lastName}`, firstName, lastName, email, phone, city: pick(CITIES, random) };
}

/** What this person would type into each of the form's fields, matched by kind and label. */
export function answers(fields: FormField[], who: Person, random: () => number): FormEntryField[] {
  return inputFields(fields).map((f) => {
    const label = ascii(f.label);
    let value: string;
    if (f.kind === 'email') value = who.email;
    else if (f.kind === 'dropdown') value = pick(dropdownOptions(f), random);
    else if (f.kind === 'number') value = String(16 + Math.floor(random() * 60));
    else if (/telefone|celular|whatsapp|phone/.test(label)) value = random() < 0.7 ? who.phone : '';
    else if (/sobrenome/.test(label)) value = who.lastName;
    else if (/nome|name/.test(label)) value = who.name;
    else if (/cidade|city/.test(label)) value = who.city;
    else value = f.required === 'true' ? pick(NOTES.filter(Boolean), random) : pick(NOTES, random);
    return { uid: f.uid, kind: f.kind, label: f.label, value };
  });
}
