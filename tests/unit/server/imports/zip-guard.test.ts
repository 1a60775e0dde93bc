import { zipProblem } from '../../../../server/modules/imports/zip-guard.js';
import { honestBomb, lyingBomb, xlsxOf, zipOf } from './sheet-fixtures.js';

describe('imports: zip-bomb guard', () => {
  it('lets a real xlsx through', async () => {
    expect(zipProblem(await xlsxOf([['Code', 'Name'], ['A', 'Asphalt']]))).toBeNull();
  });

  it('refuses a zip that unpacks past 50 MB, one compressed past the ratio, and one that lies about its sizes', () => {
    expect(zipProblem(honestBomb())).toMatch(/unpacks to more than 50 MB: refused as a possible zip bomb/);
    expect(zipProblem(zipOf([{ name: 'a.xml', bytes: Buffer.alloc(5 * 1024 * 1024) }]))).toMatch(/compressed more than 100 times/);
    expect(zipProblem(lyingBomb())).toMatch(/unpacks to more than it declares/);
  });

  it('refuses too many parts and damaged or truncated zips', () => {
    const many = zipOf(Array.from({ length: 2001 }, (_, i) => ({ name: `p${i}`, bytes: Buffer.from('x') })));
    expect(zipProblem(many)).toMatch(/holds 2001 parts: an xlsx may hold at most 2000/);
    expect(zipProblem(Buffer.from('PK\x03\x04 not a zip at all'))).toMatch(/damaged/);
    const good = zipOf([{ name: 'a.xml', bytes: Buffer.from('<a/>') }]);
    expect(zipProblem(good)).toBeNull();
    // Cut in the middle of the data: the directory points past what is there.
    const cut = Buffer.concat([good.subarray(0, 20), good.subarray(good.length - 70)]);
    expect(zipProblem(cut)).toMatch(/damaged/);
  });
});
