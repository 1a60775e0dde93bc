import { isDatabaseUnavailable } from '../../../server/db/connection-errors.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET')],
    ['an administrator shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', coded('57P02')],
    ['a server starting or stopping', coded('57P03', 'the database system is starting up')],
    ['too many connections', coded('53300')],
    ['a statement cancelled at the statement timeout (stuck behind a lock)', coded('57014', 'canceling statement due to statement timeout')],
    ['a connection exception of class 08', coded('08006')],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['the connection timeout', new Error('Connection terminated due to connection timeout')],
    ["the pool's wait for a connection", new Error('timeout exceeded when trying to connect')],
    ['a pooled client whose connection was lost', new Error('Client has encountered a connection error and is not queryable')],
    ["SQLite's lock held past the busy timeout", coded('SQLITE_BUSY', 'database is locked')],
    ['an extended SQLITE_BUSY code', coded('SQLITE_BUSY_SNAPSHOT')],
    ['a wrapped cause', Object.assign(new Error('query failed'), { cause: coded('57P01') })],
  ])('%s is unavailability', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a syntax error', coded('42601')],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a message merely mentioning a connection', new Error('Connection settings are invalid')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
