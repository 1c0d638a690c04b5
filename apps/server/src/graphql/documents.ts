import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  parse,
  type ValidationRule,
  validate,
} from 'graphql';
import { LRUCache } from 'lru-cache';

/** Documents longer than this are parsed and validated every time (the admin app's are a few kB at most). */
const KEPT_LENGTH = 32_000;

/**
 * Parsed documents and their validation, by their text. The admin app sends the same few documents over and over
 * (the `Session` query on every screen), and parsing and validating one costs more than answering it once its rows
 * are kept (issue 18). A document is immutable once parsed, and its validation depends only on the text, the schema
 * (fixed for the process) and the rules, which differ by whether the caller may introspect: that is part of the key.
 * Syntax errors are not kept. At most about 4 MB of text.
 */
export class DocumentCache {
  private readonly parsed = new LRUCache<string, DocumentNode>({
    maxSize: 2_000_000,
    sizeCalculation: (_d, k) => k.length || 1,
  });
  private readonly checked = new LRUCache<string, readonly GraphQLError[]>({
    maxSize: 2_000_000,
    sizeCalculation: (_e, k) => k.length || 1,
  });

  constructor(private readonly schema: GraphQLSchema) {}

  /** As graphql-js's `parse`: throws its syntax error. */
  parse(text: string): DocumentNode {
    if (text.length > KEPT_LENGTH) return parse(text);
    let document = this.parsed.get(text);
    if (!document) {
      document = parse(text);
      this.parsed.set(text, document);
    }
    return document;
  }

  /** As graphql-js's `validate` with `maxErrors: 10`, for a document `parse` gave for this text. */
  validate(text: string, document: DocumentNode, rules: readonly ValidationRule[], rulesKey: string) {
    if (text.length > KEPT_LENGTH) return validate(this.schema, document, rules, { maxErrors: 10 });
    const key = `${rulesKey}:${text}`;
    let errors = this.checked.get(key);
    if (!errors) {
      errors = validate(this.schema, document, rules, { maxErrors: 10 });
      this.checked.set(key, errors);
    }
    return errors;
  }
}
