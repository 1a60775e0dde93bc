import { isStoreUnreachable } from '../../../server/storage/storage-errors.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const answered = (name: string, httpStatusCode: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe('isStoreUnreachable', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9000')],
    ['an unknown host', coded('ENOTFOUND')],
    ['a reset connection', coded('ECONNRESET')],
    ["the SDK's connection or socket timeout", Object.assign(new Error('the request socket timed out'), { name: 'TimeoutError' })],
    ['a 503 Slow Down', answered('SlowDown', 503)],
    ['a 500 InternalError', answered('InternalError', 500)],
  ])('%s is an outage', (_what, err) => {
    expect(isStoreUnreachable(err)).toBe(true);
  });

  it.each([
    ['a missing object', answered('NoSuchKey', 404)],
    ['wrong credentials', answered('InvalidAccessKeyId', 403)],
    ['a missing bucket', answered('NoSuchBucket', 404)],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_what, err) => {
    expect(isStoreUnreachable(err)).toBe(false);
  });
});
