// Seeds a volume through the public API, exactly as clients would create it.
export const PASSWORD = 'bench-password-1';
export const USERS = 300;
/** Companies per owner: the first owner's list is the one measured, so it gets the most rows. */
export const COMPANY_SHARES = [30, 10, 10, 10];

export interface Seeded {
  users: number;
  companies: number;
  /** Set when POST /companies is not available, so the list endpoint cannot be seeded. */
  companiesUnavailable?: string;
  owner: { email: string; token: string; companies: number };
  someone: { email: string; token: string };
  seconds: number;
}

async function post(baseUrl: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // keep the text for the error message
  }
  return { status: res.status, json, text };
}

/** Runs jobs with at most `limit` in flight (argon2 makes registration CPU-bound: more would only queue). */
async function pool<T>(count: number, limit: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await job(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return out;
}

const WORDS = ['Granite', 'Summit', 'Harbor', 'Prairie', 'Ironwood', 'Redline', 'Bluewater', 'Cedar', 'Keystone', 'Northgate', 'Atlas', 'Pioneer'];
const TRADES = ['Paving', 'Excavation', 'Concrete', 'Utilities', 'Boring', 'Electric', 'Fiber', 'Grading'];

export async function seed(baseUrl: string): Promise<Seeded> {
  const started = Date.now();
  const stamp = Date.now().toString(36);
  const users = await pool(USERS, 8, async (i) => {
    const email = `bench.${stamp}.${i}@example.com`;
    const res = await post(baseUrl, '/api/v1/users', { name: `Bench User ${i}`, phone: '+1 555 010 0000', email, password: PASSWORD });
    if (res.status !== 201) throw new Error(`seeding: POST /api/v1/users answered ${res.status}: ${res.text.slice(0, 300)}`);
    return { email, token: res.json.token as string };
  });
  process.stdout.write(`  ${users.length} users registered in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  let companies = 0;
  let companiesUnavailable: string | undefined;
  const jobs = COMPANY_SHARES.flatMap((share, owner) => Array.from({ length: share }, () => owner));
  await pool(jobs.length, 4, async (j) => {
    if (companiesUnavailable) return;
    const n = j + 1;
    const res = await post(
      baseUrl,
      '/api/v1/companies',
      {
        name: `${WORDS[(n * 7) % WORDS.length]} ${TRADES[n % TRADES.length]} ${n}`,
        ein: `${String(10 + (n % 89)).padStart(2, '0')}-${String(1000000 + n).slice(-7)}`,
        address: `${100 + n} Main Street`,
        country: 'US',
        state: 'TX',
        city: 'Austin',
        zip: '78701',
        contactName: 'Bench Owner',
        contactPhone: '+1 512 555 0100',
        contactEmail: `office${n}@bench.example`,
      },
      users[jobs[j]].token,
    );
    if (res.status === 404) {
      companiesUnavailable = `POST /api/v1/companies answered 404 (${res.json?.message ?? res.text.slice(0, 120)}): the companies module is not there yet`;
      return;
    }
    if (res.status !== 201 && res.status !== 200) throw new Error(`seeding: POST /api/v1/companies answered ${res.status}: ${res.text.slice(0, 300)}`);
    companies++;
  });
  if (!companiesUnavailable) process.stdout.write(`  ${companies} companies created by ${COMPANY_SHARES.length} owners\n`);

  return {
    users: users.length,
    companies,
    companiesUnavailable,
    owner: { ...users[0], companies: companiesUnavailable ? 0 : COMPANY_SHARES[0] },
    someone: users[USERS - 1],
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
