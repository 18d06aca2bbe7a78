import { describe, expect, it } from 'vitest';
import { otherSchemasTableGone } from '../../server/db/database';

function undefinedTable(relation: string): Error {
  return Object.assign(new Error(`relation "${relation}" does not exist`), { code: '42P01' });
}

describe("a migration that met another schema's table being dropped", () => {
  it('is tried again when the table named is in another schema, and only then', () => {
    expect(otherSchemasTableGone(undefinedTable('studio_other.kysely_migration'), 'studio_mine')).toBe(true);
    expect(otherSchemasTableGone(undefinedTable('studio_mine.kysely_migration'), 'studio_mine')).toBe(false);
    expect(otherSchemasTableGone(new Error('syntax error'), 'studio_mine')).toBe(false);
    // SQLite has no schemas to meet.
    expect(otherSchemasTableGone(undefinedTable('studio_other.kysely_migration'), undefined)).toBe(false);
  });
});
