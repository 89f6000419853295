// A small builder for parameterised SQL: placeholders numbered as values are added.
import type { AuthUser } from '../../identity/types.ts';

export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** Adds a visibility condition built for the next placeholder number and returns its SQL. */
  visible(
    build: (user: AuthUser, offset: number, alias?: string) => { sql: string; params: unknown[] },
    user: AuthUser,
    alias?: string,
  ): string {
    const v = alias === undefined ? build(user, this.values.length + 1) : build(user, this.values.length + 1, alias);
    this.values.push(...v.params);
    return v.sql;
  }
}
