import type { ptBR } from './pt-BR';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every language holds exactly the keys of the pt-BR catalogue. */
export type Catalogue = Widen<typeof ptBR>;

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key such as `validation.emailInvalid`. */
export type MessageKey = Paths<Catalogue>;
