import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { API, grant, membershipIdOf, newFolder, rootOf, roleIdOf, uploadOne } from './files-helpers.js';

/** A company with an owner, a CrewLeader and two Crew members, and a folder 'Contracts' holding one file. */
async function company(s: TestServer) {
  const owner = await ownerWithCompany(s);
  const companyId: number = owner.company.id;
  const leader = await addMember(s, companyId, 'CrewLeader');
  const crew = await addMember(s, companyId, 'Crew');
  const other = await addMember(s, companyId, 'Crew');
  const root = await rootOf(s, owner.token);
  const contracts = await newFolder(s, owner.token, root.id, 'Contracts');
  const file = await uploadOne(s, owner.token, contracts.id, 'contract-2026.pdf');
  return { owner, companyId, leader, crew, other, root, contracts, file };
}

const names = (list: Array<{ name: string }>) => list.map((f) => f.name);
const search = (s: TestServer, token: string, kind: 'filesNew' | 'folders', substring: string) =>
  s.call('GET', `${API}/${kind}/search/?substring=${encodeURIComponent(substring)}`, { token });

describeEachDatabase('file manager: permissions', (server) => {
  it('lets every files:view holder see unrestricted folders and files, and only files:manage holders change them', async () => {
    const s = server();
    const c = await company(s);
    const seen = await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ canManage: false, permissions: [], inheritedFrom: null });
    expect((await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token, body: { filename: 'x.pdf' } })).status).toBe(403);
    expect((await s.call('POST', `${API}/folders`, { token: c.crew.token, body: { parentId: c.root.id } })).status).toBe(403);
    expect((await s.call('DELETE', `${API}/filesNew/${c.file.id}`, { token: c.crew.token })).status).toBe(403);
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.owner.token })).body.name).toBe('contract-2026.pdf');
  });

  it('answers a caller who may not manage the folder or file before reading the body: 403, or 404 when they cannot see it', async () => {
    const s = server();
    const c = await company(s);
    // Bodies that would be 400s: the caller's right is decided first.
    expect((await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token, body: { filename: 42 } })).status).toBe(403);
    expect((await s.call('PATCH', `${API}/folders/${c.contracts.id}`, { token: c.crew.token, body: { name: '' } })).status).toBe(403);
    await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', await roleIdOf(s, c.companyId, 'CrewLeader'));
    expect((await s.call('PATCH', `${API}/folders/${c.contracts.id}`, { token: c.crew.token, body: { name: '' } })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/folders/${c.contracts.id}`, { token: c.owner.token, body: { name: '' } })).status).toBe(400);
  });

  it("restricts a folder to a role: others get 404 for it and its files, and find neither in lists or search", async () => {
    const s = server();
    const c = await company(s);
    const leaderRole = await roleIdOf(s, c.companyId, 'CrewLeader');
    const set = await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', leaderRole);
    expect(set.status).toBe(200);
    expect(set.body.permissions).toEqual([{ subjectType: 'role', subjectId: leaderRole, subjectName: 'CrewLeader', level: 'view' }]);

    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/folders/folderId/${c.contracts.id}`, { token: c.crew.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/folderId/${c.contracts.id}`, { token: c.crew.token })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token, body: { filename: 'x.pdf' } })).status).toBe(404);
    expect(names((await s.call('GET', `${API}/folders/root`, { token: c.crew.token })).body.folders)).toEqual([]);
    const crewFind = await search(s, c.crew.token, 'filesNew', 'contract');
    expect(crewFind.body).toEqual([]);
    expect(crewFind.headers['x-total-count']).toBe('0');
    expect((await search(s, c.crew.token, 'folders', 'contr')).body).toEqual([]);

    const leaderFind = await search(s, c.leader.token, 'filesNew', 'CONTRACT');
    expect(leaderFind.body.map((f: { name: string; folderName: string }) => [f.name, f.folderName])).toEqual([['contract-2026.pdf', 'Contracts']]);
    const leaderFile = await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.leader.token });
    expect(leaderFile.body).toMatchObject({ canManage: false, inheritedFrom: { id: c.contracts.id, name: 'Contracts' } });
    expect((await s.call('DELETE', `${API}/filesNew/${c.file.id}`, { token: c.leader.token })).status).toBe(403);
    // files:manage holders see everything.
    expect((await search(s, c.owner.token, 'folders', 'contr')).body.map((f: { name: string; parentName: string }) => [f.name, f.parentName])).toEqual([['Contracts', 'Files']]);
  });

  it('passes grants down to sub-folders and files unless they have their own, and inherit clears them', async () => {
    const s = server();
    const c = await company(s);
    const sub = await newFolder(s, c.owner.token, c.contracts.id, 'Signed');
    const subFile = await uploadOne(s, c.owner.token, sub.id, 'signed.pdf');
    const open = await newFolder(s, c.owner.token, sub.id, 'For crews');
    const crewRole = await roleIdOf(s, c.companyId, 'Crew');
    const leaderRole = await roleIdOf(s, c.companyId, 'CrewLeader');
    await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', leaderRole);
    expect((await grant(s, c.owner.token, open.id, 'folder', 'role', crewRole)).status).toBe(200);

    expect((await s.call('GET', `${API}/folders/folderId/${sub.id}`, { token: c.crew.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/secured/${subFile.id}`, { token: c.crew.token })).status).toBe(404);
    const visible = await s.call('GET', `${API}/folders/folderId/${open.id}`, { token: c.crew.token });
    expect(visible.status).toBe(200);
    expect(visible.body.breadcrumbs.map((b: { name: string }) => b.name)).toEqual(['Files', 'Contracts', 'Signed', 'For crews']);
    expect((await s.call('GET', `${API}/folders/folderId/${open.id}`, { token: c.leader.token })).status).toBe(404);
    const inherited = await s.call('GET', `${API}/folders/folderId/${sub.id}`, { token: c.leader.token });
    expect(inherited.body.folder.inheritedFrom).toEqual({ id: c.contracts.id, name: 'Contracts' });

    // A file moved into the open folder takes its grants; moved out, it takes the restricted ones again.
    const moved = await uploadOne(s, c.owner.token, c.root.id, 'schedule.txt');
    await s.call('PATCH', `${API}/filesNew/secured/${moved.id}`, { token: c.owner.token, body: { folderId: open.id } });
    expect((await s.call('GET', `${API}/filesNew/secured/${moved.id}`, { token: c.crew.token })).status).toBe(200);
    await s.call('PATCH', `${API}/filesNew/secured/${moved.id}`, { token: c.owner.token, body: { folderId: sub.id } });
    expect((await s.call('GET', `${API}/filesNew/secured/${moved.id}`, { token: c.crew.token })).status).toBe(404);

    // A folder moved under a restricted one takes its grants down to its files, and moved out loses them.
    const loose = await newFolder(s, c.owner.token, c.root.id, 'Loose');
    const looseFile = await uploadOne(s, c.owner.token, loose.id, 'loose.txt');
    await s.call('PATCH', `${API}/folders/${loose.id}`, { token: c.owner.token, body: { parentId: sub.id } });
    expect((await s.call('GET', `${API}/filesNew/secured/${looseFile.id}`, { token: c.crew.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/secured/${looseFile.id}`, { token: c.leader.token })).status).toBe(200);
    await s.call('PATCH', `${API}/folders/${loose.id}`, { token: c.owner.token, body: { parentId: c.root.id } });
    expect((await s.call('GET', `${API}/filesNew/secured/${looseFile.id}`, { token: c.crew.token })).status).toBe(200);

    const cleared = await s.call('POST', `${API}/folder/file/permission/${c.contracts.id}`, { token: c.owner.token, body: { type: 'folder', action: 'inherit' } });
    expect(cleared.body.permissions).toEqual([]);
    expect((await s.call('GET', `${API}/filesNew/secured/${subFile.id}`, { token: c.crew.token })).status).toBe(200);
  });

  it("grants one member a file of a folder restricted to others, and a manage grant lets them change it", async () => {
    const s = server();
    const c = await company(s);
    const leaderRole = await roleIdOf(s, c.companyId, 'CrewLeader');
    await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', leaderRole);
    const crewMembership = await membershipIdOf(s, c.companyId, c.crew.user.id);
    const set = await grant(s, c.owner.token, c.file.id, 'file', 'member', crewMembership, 'manage');
    expect(set.status).toBe(200);
    expect(set.body.permissions[0]).toMatchObject({ subjectType: 'member', subjectId: crewMembership, level: 'manage' });

    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token })).body.canManage).toBe(true);
    expect((await search(s, c.crew.token, 'filesNew', 'contract')).body).toHaveLength(1);
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.other.token })).status).toBe(404);
    // Its own grants replace the folder's: the leader no longer sees it.
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.leader.token })).status).toBe(404);
    const renamed = await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token, body: { filename: 'contract-final.pdf' } });
    expect(renamed.status).toBe(200);
    // Moving needs manage rights on the target folder too.
    expect((await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: c.crew.token, body: { folderId: c.root.id } })).status).toBe(403);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'file').where('entity_id', '=', String(c.file.id)).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['created', 'permission-add', 'renamed']);
  });

  it('refuses grants to roles and members of another company, and grants by people who do not manage the node', async () => {
    const s = server();
    const c = await company(s);
    const elsewhere = await ownerWithCompany(s, 'Other Co');
    const foreignRole = await roleIdOf(s, elsewhere.company.id, 'Crew');
    const foreignMember = await membershipIdOf(s, elsewhere.company.id, elsewhere.user.id);
    const before = await s.services.db.selectFrom('file_permissions').select('id').execute();
    const role = await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', foreignRole);
    expect(role.status).toBe(400);
    expect((await grant(s, c.owner.token, c.contracts.id, 'folder', 'member', foreignMember)).status).toBe(400);
    expect((await s.call('POST', `${API}/folder/file/permission/${c.contracts.id}`, { token: c.owner.token, body: { type: 'folder', action: 'add' } })).status).toBe(400);
    const crewRole = await roleIdOf(s, c.companyId, 'Crew');
    expect((await grant(s, c.crew.token, c.contracts.id, 'folder', 'role', crewRole)).status).toBe(403);
    expect(await s.services.db.selectFrom('file_permissions').select('id').execute()).toEqual(before);
  });

  it('drops the grants of a deleted role or removed member, and their nodes apply what is left', async () => {
    const s = server();
    const c = await company(s);
    const role = await s.call('POST', `${API}/roles/company/${c.companyId}`, { token: c.owner.token, body: { name: 'Surveyors', permissions: [{ resourceType: 'files', action: 'view' }] } });
    expect(role.status).toBe(201);
    await grant(s, c.owner.token, c.contracts.id, 'folder', 'role', role.body.id);
    const crewMembership = await membershipIdOf(s, c.companyId, c.crew.user.id);
    await grant(s, c.owner.token, c.file.id, 'file', 'member', crewMembership);
    expect((await s.call('GET', `${API}/folders/folderId/${c.contracts.id}`, { token: c.other.token })).status).toBe(404);

    expect((await s.call('DELETE', `${API}/roles/company/${c.companyId}/${role.body.id}`, { token: c.owner.token })).status).toBe(204);
    expect((await s.call('GET', `${API}/folders/folderId/${c.contracts.id}`, { token: c.other.token })).status).toBe(200);
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.other.token })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/memberships/${crewMembership}`, { token: c.owner.token })).status).toBe(204);
    const file = await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.other.token });
    expect(file.status).toBe(200);
    expect(file.body.permissions).toEqual([]);
  });

  it("never shows another company's folders or files", async () => {
    const s = server();
    const c = await company(s);
    const elsewhere = await ownerWithCompany(s, 'Other Co');
    const t = elsewhere.token;
    expect((await s.call('GET', `${API}/folders/folderId/${c.contracts.id}`, { token: t })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/folderId/${c.contracts.id}`, { token: t })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: t })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/filesNew/secured/${c.file.id}`, { token: t, body: { filename: 'mine.pdf' } })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/filesNew/${c.file.id}`, { token: t })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/folders/${c.contracts.id}`, { token: t })).status).toBe(404);
    expect((await s.call('POST', `${API}/folders`, { token: t, body: { parentId: c.contracts.id } })).status).toBe(404);
    const own = await rootOf(s, t);
    expect((await s.call('PATCH', `${API}/folders/${own.id}`, { token: t, body: { parentId: c.root.id } })).status).toBe(400);
    const mine = await newFolder(s, t, own.id, 'Mine');
    expect((await s.call('PATCH', `${API}/folders/${mine.id}`, { token: t, body: { parentId: c.contracts.id } })).status).toBe(404);
    expect((await search(s, t, 'filesNew', 'contract')).body).toEqual([]);
    expect((await s.call('POST', `${API}/folder/file/permission/${c.file.id}`, { token: t, body: { type: 'file', action: 'inherit' } })).status).toBe(404);
    expect((await s.call('GET', `${API}/filesNew/secured/${c.file.id}`, { token: c.owner.token })).body.name).toBe('contract-2026.pdf');
  });
});
