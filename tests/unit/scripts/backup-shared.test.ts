import { exactSchema, pgToolConnection } from '../../../scripts/backup-shared.js';

describe('backup scripts: PostgreSQL tool arguments', () => {
  it('keeps the password out of the arguments, in PGPASSWORD', () => {
    const { arg, env } = pgToolConnection('postgres://fieldwork:s%40cret@db.example:5432/fieldwork?sslmode=require');
    expect(arg).toBe('--dbname=postgres://fieldwork@db.example:5432/fieldwork?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
  });

  it('passes a URL without a password as it is', () => {
    const { arg, env } = pgToolConnection('postgres://postgres@127.0.0.1:5432/test');
    expect(arg).toBe('--dbname=postgres://postgres@127.0.0.1:5432/test');
    expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });

  it('quotes a schema so pg_dump takes it as a name, not a pattern', () => {
    expect(exactSchema('t_1_abc')).toBe('"t_1_abc"');
    expect(exactSchema('odd"name')).toBe('"odd""name"');
  });
});
