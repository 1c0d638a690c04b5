import type { ptBR } from './pt-BR';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every language holds exactly the keys of the pt-BR catalogue. */
export type Catalogue = Widen<typeof ptBR>;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** `count` for the plural forms `count_one`, `count_other`… (`plural.ts`). */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${WithoutPlural<K>}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key such as `validation.emailInvalid`; a plural group is named without its suffix. */
export type MessageKey = Paths<Catalogue>;
