import ExcelJS from 'exceljs';
import { honestBomb, lyingBomb, xlsxOf } from '../unit/server/imports/sheet-fixtures.js';
import { describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { API, companyWithStaff, counts, invitee, linksOf, mailTo, multipart } from './members-helpers.js';

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const upload = (s: TestServer, companyId: number, token: string, file?: { name: string; type: string; content: Buffer | string }, type = 'members') => {
  const { body, headers } = multipart({ type }, file);
  return s.call('POST', `${API}/companies/${companyId}/memberships/bulk`, { token, body, headers });
};

async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Members');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describeEachDatabase('members: bulk import', (server) => {
  it('invites the good rows of a CSV and reports each refused row with its number and reason', async () => {
    const s = server();
    const { companyId, owner, crew } = await companyWithStaff(s, 'Bulk Co');
    const existing = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { email: 'pending@example.com' }) });
    expect(existing.status).toBe(201);
    const csv = [
      'Name,E-mail,Phone,Country,State,Role',
      'Ana Good,ana@example.com,+1 512 555 0110,US,TX,Supervisor',
      'Bad Mail,not-an-email,,,,Crew',
      '"Rex, Unknown",rex@example.com,,,,Foreman',
      'Olga Owner,olga@example.com,,,,Owner',
      ',noname@example.com,,,,Crew',
      'Ana Again,ANA@example.com,,,,Crew',
      '',
      `Crew Person,${crew.email},,,,Crew`,
      'Pending Person,pending@example.com,,,,Crew',
      'Pat Manager,pat@example.com,,US,CA,project manager',
    ].join('\r\n');
    const res = await upload(s, companyId, owner.token, { name: 'members.csv', type: CSV, content: csv });
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual([
      { row: 2, id: expect.any(Number), name: 'Ana Good', email: 'ana@example.com' },
      { row: 11, id: expect.any(Number), name: 'Pat Manager', email: 'pat@example.com' },
    ]);
    expect(res.body.refused).toEqual([
      { row: 3, email: 'not-an-email', reason: 'Enter a valid email address' },
      { row: 4, email: 'rex@example.com', reason: 'Unknown role "Foreman"' },
      { row: 5, email: 'olga@example.com', reason: 'The role "Owner" cannot be assigned' },
      { row: 6, email: 'noname@example.com', reason: 'Name is required' },
      { row: 7, email: 'ana@example.com', reason: 'Duplicate e-mail: already on row 2' },
      { row: 9, email: crew.email, reason: 'A member with this e-mail already belongs to the company' },
      { row: 10, email: 'pending@example.com', reason: 'This e-mail has already been invited to the company' },
    ]);
    const listed = await s.call('GET', `${API}/companies/${companyId}/memberships?status=invited&_sort=email`, { token: owner.token });
    expect(listed.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['ana@example.com', 'Supervisor'],
      ['pat@example.com', 'ProjectManager'],
      ['pending@example.com', 'Supervisor'],
    ]);
    const mail = await mailTo(s, 'pat@example.com');
    expect(linksOf(mail.text_body).accept.searchParams.get('companyId')).toBe(String(companyId));
    const token = linksOf((await mailTo(s, 'ana@example.com')).text_body).token;
    expect((await s.call('GET', `${API}/memberships/invitations/${token}`)).body).toMatchObject({ email: 'ana@example.com', role: 'Supervisor' });
    expect(await s.services.db.selectFrom('memberships').select('id').where('email', 'in', ['rex@example.com', 'olga@example.com', 'noname@example.com']).execute()).toEqual([]);
  });

  it('reads an XLSX workbook, phone numbers stored as numbers included', async () => {
    const s = server();
    const { companyId, hr } = await companyWithStaff(s, 'Sheet Co');
    const book = await xlsx([
      ['name', 'email', 'phone', 'country', 'state', 'role'],
      ['Xena Sheet', 'xena@example.com', 15125550111, 'US', 'TX', 'Crew Leader'],
      ['Yuri Sheet', 'yuri@example.com', '', '', '', 'Member'],
    ]);
    const res = await upload(s, companyId, hr.token, { name: 'members.xlsx', type: XLSX, content: book });
    expect(res.status).toBe(200);
    expect(res.body.refused).toEqual([]);
    // A formula is read by its value; one saved without a value refuses its row, saying which column.
    const formulas = await xlsxOf([
      ['name', 'email', 'role'],
      [{ formula: 'CONCAT("Zoe"," Calc")', result: 'Zoe Calc' }, 'zoe@example.com', 'Member'],
      ['Vic Blank', { formula: 'LOWER(A3)' }, 'Member'],
    ]);
    const calc = await upload(s, companyId, hr.token, { name: 'calc.xlsx', type: XLSX, content: formulas });
    expect(calc.body.added.map((a: { name: string }) => a.name)).toEqual(['Zoe Calc']);
    expect(calc.body.refused).toEqual([{ row: 3, email: null, reason: expect.stringMatching(/^email: formula without a value/) }]);
    expect(res.body.added.map((a: { row: number; email: string }) => [a.row, a.email])).toEqual([
      [2, 'xena@example.com'],
      [3, 'yuri@example.com'],
    ]);
    const xena = await s.call('GET', `${API}/memberships/${res.body.added[0].id}`, { token: hr.token });
    expect(xena.body).toMatchObject({ phone: '15125550111', role: 'CrewLeader', status: 'invited', state: 'TX' });
  });

  it('refuses the whole file when it cannot be read, and callers without the permission or company', async () => {
    const s = server();
    const { companyId, owner, supervisor } = await companyWithStaff(s, 'Strict Co');
    const stranger = await ownerWithCompany(s, 'Stranger Co');
    const good = { name: 'm.csv', type: CSV, content: 'name,email,role\nZed,zed@example.com,Crew\n' };
    const before = await counts(s);
    expect((await upload(s, companyId, supervisor.token, good)).status).toBe(403);
    expect((await upload(s, companyId, stranger.token, good)).status).toBe(404);
    const noRole = await upload(s, companyId, owner.token, { ...good, content: 'name,email\nZed,zed@example.com\n' });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.message).toBe('The first row must name the columns name, email, phone, country, state, role; missing: role.');
    expect((await upload(s, companyId, owner.token, good, 'logo')).body.error.details).toEqual([{ field: 'type', message: 'Must be members' }]);
    expect((await upload(s, companyId, owner.token)).status).toBe(400);
    expect((await upload(s, companyId, owner.token, { ...good, content: 'name,email,role\n' })).body.error.message).toBe('The file holds no members.');
    const broken = await upload(s, companyId, owner.token, { name: 'm.xlsx', type: XLSX, content: Buffer.from('PK\u0003\u0004 not really a zip') });
    expect(broken.status).toBe(400);
    const many = ['name,email,role', ...Array.from({ length: 5001 }, (_, i) => `P${i},p${i}@example.com,Crew`)].join('\n');
    const tooMany = await upload(s, companyId, owner.token, { ...good, content: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('The sheet has more than 5,000 rows: import at most 5,000 rows at once');
    // The spreadsheet imports' reader, its zip-bomb guard with it: refused before anything is unpacked.
    for (const [bomb, message] of [[honestBomb(), /refused as a possible zip bomb/], [lyingBomb(), /unpacks to more than it declares/]] as const) {
      const res = await upload(s, companyId, owner.token, { name: 'bomb.xlsx', type: XLSX, content: bomb });
      expect([res.status, res.body.error.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const pdf = await upload(s, companyId, owner.token, { name: 'm.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') });
    expect([pdf.status, pdf.body.error.message]).toEqual([400, expect.stringContaining('The file must be an xlsx workbook or a CSV file')]);
    const huge = await upload(s, companyId, owner.token, { ...good, content: Buffer.alloc(5 * 1024 * 1024 + 10, 'a') });
    expect(huge.status).toBe(413);
    const json = await s.call('POST', `${API}/companies/${companyId}/memberships/bulk`, { token: owner.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(await counts(s)).toEqual(before);
  });
});
