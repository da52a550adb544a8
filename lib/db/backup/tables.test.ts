import { describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import { BACKED_UP, TABLE_DECISIONS } from './tables';

// The table client.ts's migrate() makes for itself, outside the migrations.
const BOOKKEEPING = ['schema_migrations'];

describe('what a backup holds', () => {
  it('decides every table the migrations create, once, and no other', () => {
    const created = migrations.flatMap((m) =>
      [...m.sql.matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?("?)(\w+)\1/gi)].map((match) =>
        match[2]!.toLowerCase(),
      ),
    );
    const decided = TABLE_DECISIONS.map((d) => d.table);
    expect(new Set(decided).size, 'a table decided twice').toBe(decided.length);
    // A migration that adds a table fails here until tables.ts says whether backups hold it, and why.
    expect([...decided].sort()).toEqual([...created, ...BOOKKEEPING].sort());
    for (const decision of TABLE_DECISIONS) expect(decision.why.length, decision.table).toBeGreaterThan(20);
  });

  it('lists orders before the rows that name them', () => {
    const order = BACKED_UP.map((d) => d.table);
    expect(order[0]).toBe('orders');
    for (const decision of BACKED_UP.filter((d) => d.ofOrder))
      expect(order.indexOf(decision.table)).toBeGreaterThan(order.indexOf('orders'));
  });
});
