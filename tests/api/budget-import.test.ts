import { describeEachDatabase, type TestServer } from './harness.js';
import { budgetWorld, call, member, side, stored } from './budgets-helpers.js';
import { csvOf, honestBomb, lyingBomb, postSheet, xlsxOf } from './imports-helpers.js';

const catalogCount = async (s: TestServer, companyId: number) =>
  (await s.services.db.selectFrom('items').select('id').where('company_id', '=', companyId).execute()).length;

describeEachDatabase('budget import', (server) => {
  it('previews each row as matched, new or refused with its reason, writing nothing', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const before = await stored(s, w.budgetId);
    const sheet = await xlsxOf([
      ['Item Code', 'Item', 'Qty', 'Unit price', 'Description', 'Colour'],
      ['asp', '', 10, 95.5, 'Top course', 'red'],
      ['', 'pipe', 3, '12.25', '', ''],
      ['', 'Traffic control', 2, 450, '', ''],
      ['', 'Labor', 'ten', 40, '', ''],
      ['', 'Labor', 1, { formula: 'Z9*2' }, '', ''],
      ['NOPE', '', 1, 1, '', ''],
      ['', 'Labor', 1.5, 1.234, '', ''],
    ]);
    const res = await postSheet(s, side(w.owner), `${w.base}/items/import/preview`, sheet);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts).toEqual({ total: 7, matched: 2, new: 1, refused: 4 });
    expect(res.body.ignoredColumns).toEqual(['Colour']);
    expect(res.body.rows[0]).toEqual({
      row: 2, status: 'matched', reason: null, code: 'asp', name: null, quantity: 10, price: '95.50', description: 'Top course', itemId: w.items.asphalt, itemName: 'Asphalt',
    });
    expect(res.body.rows[1]).toMatchObject({ row: 3, status: 'matched', itemId: w.items.pipe, price: '12.25' });
    expect(res.body.rows[2]).toMatchObject({ row: 4, status: 'new', itemId: null, itemName: 'Traffic control', reason: 'Added to the catalog' });
    expect(res.body.rows.slice(3).map((r: { row: number; status: string; reason: string }) => [r.row, r.status, r.reason])).toEqual([
      [5, 'refused', 'Quantity must be a whole number from 0 to 1,000,000,000'],
      [6, 'refused', expect.stringMatching(/^Price: formula without a value/)],
      [7, 'refused', 'No catalog item has the code "NOPE": add a name to create it'],
      [8, 'refused', 'Quantity must be a whole number from 0 to 1,000,000,000; Price must be a number from 0 to 999,999,999.99 with at most 2 decimals'],
    ]);
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('imports in one transaction: the items with exact amounts, new catalog items, trail and notice', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const catalogBefore = await catalogCount(s, w.owner.companyId);
    const sheet = csvOf([
      ['Code', 'Name', 'Quantity', 'Price', 'Description'],
      ['ASP', '', '10', '"1,095.50"', 'Top course'],
      ['TC-1', 'Traffic control', '2', '450', ''],
      ['tc-1', 'Traffic control', '1', '450', 'again'],
    ]);
    const res = await postSheet(s, side(w.owner), `${w.base}/items/import`, sheet, 'budget.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ counts: { total: 3, matched: 1, new: 2, refused: 0 }, written: 3, created: 1, skipped: 0 });
    expect(await catalogCount(s, w.owner.companyId)).toBe(catalogBefore + 1);
    const list = await call(s, side(w.owner))('GET', `${w.base}/items/company`);
    expect(list.status).toBe(200);
    const rows = (Array.isArray(list.body) ? list.body : list.body.rows) as Array<{ itemName: string; itemCode: string; quantity: number; price: string; amount: string }>;
    expect(rows.map((r) => [r.itemName, r.itemCode, r.quantity, r.price, r.amount]).sort()).toEqual([
      ['Asphalt', 'ASP', 10, '1095.50', '10955.00'],
      ['Traffic control', 'TC-1', 1, '450.00', '450.00'],
      ['Traffic control', 'TC-1', 2, '450.00', '900.00'],
    ]);
    const audits = await s.services.db.selectFrom('audit_events').select(['entity_type', 'action']).where('entity_type', 'in', ['item', 'budget_item']).execute();
    expect(audits.filter((a) => a.entity_type === 'budget_item' && a.action === 'created')).toHaveLength(3);
  });

  it('reads a Windows-1252 CSV with semicolons and decimal commas, and a UTF-8 one with a BOM', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const latin = Buffer.concat([Buffer.from('Name;Qty;Price;Description\r\nAsphalt;2;12,50;Caf'), Buffer.from([0xe9]), Buffer.from('\r\n')]);
    const res = await postSheet(s, side(w.owner), `${w.base}/items/import/preview`, latin, 'latin.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows[0]).toMatchObject({ status: 'matched', quantity: 2, price: '12.50', description: 'Café' });
    const bom = Buffer.from('\ufeffCode,Qty,Price\nPIP,4,"1,000.10"\n');
    const utf = await postSheet(s, side(w.owner), `${w.base}/items/import/preview`, bom, 'bom.csv');
    expect(utf.body.rows[0]).toMatchObject({ status: 'matched', itemId: w.items.pipe, quantity: 4, price: '1000.10' });
  });

  it('refuses a file with a refused row (400 naming each row) and writes nothing; skipRefused leaves them out', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const before = await stored(s, w.budgetId);
    const sheet = csvOf([
      ['Name', 'Qty', 'Price'],
      ['Asphalt', '1', '2'],
      ['Brand new', 'x', '2'],
      ['Pipe', '2', 'abc'],
    ]);
    const res = await postSheet(s, side(w.owner), `${w.base}/items/import`, sheet, 'b.csv');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('2 of 3 rows are refused: nothing was imported (fix them, or import without them)');
    expect(res.body.error.details).toEqual([
      { field: 'row 3', message: 'Quantity must be a whole number from 0 to 1,000,000,000' },
      { field: 'row 4', message: 'Price must be a number from 0 to 999,999,999.99 with at most 2 decimals' },
    ]);
    expect(await stored(s, w.budgetId)).toEqual(before);
    const skipped = await postSheet(s, side(w.owner), `${w.base}/items/import`, sheet, 'b.csv', { skipRefused: 'true' });
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({ written: 1, created: 0, skipped: 2 });
    expect(await postSheet(s, side(w.owner), `${w.base}/items/import`, sheet, 'b.csv', { skipRefused: 'maybe' })).toMatchObject({ status: 400 });
  });

  it('answers malformed sheets with a clear 400 and writes nothing: wrong columns, not a sheet, too many rows, zip bombs, empty', { timeout: 60_000 }, async () => {
    const s = server();
    const w = await budgetWorld(s);
    const before = await stored(s, w.budgetId);
    const owner = side(w.owner);
    const cases: Array<[Buffer, string, RegExp]> = [
      [csvOf([['Foo', 'Bar'], ['1', '2']]), 'x.csv', /^The first row must name a column "code" or "item code", or "name" or "item" or "item name"/],
      [csvOf([['Name', 'Price'], ['Asphalt', '2']]), 'x.csv', /must name a column "qty" or "quantity" \(found: Name, Price\)/],
      [csvOf([['Name', 'Qty', 'Qty'], ['A', '1', '1']]), 'x.csv', /^Two columns are read as Quantity/],
      [Buffer.from('%PDF-1.4 nothing to see'), 'x.pdf', /^The file must be an xlsx workbook or a CSV file$/],
      [Buffer.from('Name,Qty,Price\n"open,1,2\n'), 'x.csv', /^The CSV cannot be read: Line 2: a quoted value is never closed$/],
      [Buffer.from(['Name,Qty,Price', ...Array.from({ length: 100_000 }, (_, i) => `Item ${i},1,2`)].join('\n')), 'x.csv', /^The sheet has more than 20,000 rows/],
      [honestBomb(), 'bomb.xlsx', /refused as a possible zip bomb/],
      [lyingBomb(), 'bomb.xlsx', /unpacks to more than it declares/],
      [Buffer.from('\ufeff\n\n'), 'x.csv', /^The sheet is empty/],
      [Buffer.from(',,\n ,,\n'), 'x.csv', /^The sheet is empty/],
      [Buffer.from([0, 1, 2, 3, 0xff]), 'x.csv', /^The file is not a text CSV/],
    ];
    for (const [bytes, name, message] of cases) {
      for (const path of ['import/preview', 'import']) {
        const res = await postSheet(s, owner, `${w.base}/items/${path}`, bytes, name);
        expect([name, res.status, res.status === 500 ? JSON.stringify(res.body) : '']).toEqual([name, 400, '']);
        expect(res.body.error.details[0].field).toBe('file');
        expect(res.body.error.message).toMatch(message);
      }
    }
    // 100,000 rows of xlsx: the reader stops at the limit rather than reading the sheet to its end.
    const huge = await xlsxOf([['Name', 'Qty', 'Price'], ...Array.from({ length: 100_000 }, () => ['Asphalt', 1, 2])]);
    const started = performance.now();
    const hugeAnswer = await postSheet(s, owner, `${w.base}/items/import/preview`, huge);
    expect(hugeAnswer.status).toBe(400);
    expect(hugeAnswer.body.error.message).toBe('The sheet has more than 20,000 rows: import at most 20,000 rows at once');
    console.log(`100,000-row xlsx refused in ${Math.round(performance.now() - started)} ms`);
    const noFile = await s.call('POST', `/api/v1${w.base}/items/import/preview`, { token: owner.token, headers: owner.headers, body: {} });
    expect(noFile.status).toBe(400);
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('respects the budget: 409 in review, 403 without projects:manage, 404 to another company; new rows need items:manage', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const sheet = csvOf([['Name', 'Qty', 'Price'], ['Asphalt', '1', '2'], ['Gravel', '1', '2']]);
    expect((await postSheet(s, side(w.stranger), `${w.base}/items/import/preview`, sheet, 'b.csv')).status).toBe(404);
    expect((await postSheet(s, side(w.client), `${w.base}/items/import`, sheet, 'b.csv')).status).toBe(403);
    const supervisor = await member(s, w.owner, 'Supervisor');
    expect((await postSheet(s, supervisor, `${w.base}/items/import/preview`, sheet, 'b.csv')).status).toBe(403);

    // A member who manages projects but not the catalog: the new row is refused, with why.
    await s.services.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([{ resourceType: 'projects', action: 'manage' }, { resourceType: 'items', action: 'view' }]) })
      .where('scope_type', '=', 'company')
      .where('scope_id', '=', w.owner.companyId)
      .where('name', '=', 'ProjectManager')
      .execute();
    const pm = await member(s, w.owner, 'ProjectManager');
    const preview = await postSheet(s, pm, `${w.base}/items/import/preview`, sheet, 'b.csv');
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r: { status: string }) => r.status)).toEqual(['matched', 'refused']);
    expect(preview.body.rows[1].reason).toBe('"Gravel" is not in the catalog, and adding catalog items needs the items:manage permission');

    await s.services.db.updateTable('budgets').set({ status: 'submitted' }).where('id', '=', w.budgetId).execute();
    const before = await stored(s, w.budgetId);
    for (const path of ['import/preview', 'import']) {
      const res = await postSheet(s, side(w.owner), `${w.base}/items/${path}`, sheet, 'b.csv');
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('BUDGET_NOT_EDITABLE');
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('previews a 5,000-row budget within 2 seconds', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const rows = [['Code', 'Name', 'Quantity', 'Unit price', 'Description'], ...Array.from({ length: 5000 }, (_, i) => [i % 2 ? 'ASP' : 'PIP', '', i + 1, (i % 1000) + 0.25, `Row ${i}`])];
    const sheet = await xlsxOf(rows);
    const started = performance.now();
    const res = await postSheet(s, side(w.owner), `${w.base}/items/import/preview`, sheet);
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts).toEqual({ total: 5000, matched: 5000, new: 0, refused: 0 });
    console.log(`5,000-row xlsx preview: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2000);
  });
});
