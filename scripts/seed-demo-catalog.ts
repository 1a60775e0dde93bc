import type { FastifyInstance } from 'fastify';

/**
 * The demo company's catalog for `npm run seed:demo`: a category tree, items of its own and for one
 * client (with a market), and the safety authorities a Texas crew calls. Through the API, so every
 * rule holds; left as it is when the company already has categories.
 */
export async function seedDemoCatalog(app: FastifyInstance, headers: Record<string, string>, companyId: number) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.json();
  };
  if ((await call('GET', `/companies/${companyId}/item-categories`)).length) return;

  const ids: Record<string, number> = {};
  const tree: Array<[name: string, parent: string | null, color: string | null, description: string | null]> = [
    ['Paving', null, '#336699', 'Hard surfaces and their repair'],
    ['Asphalt', 'Paving', '#333333', null],
    ['Patching', 'Asphalt', null, 'Pothole and utility-cut repair'],
    ['Concrete', 'Paving', '#a0a0a0', 'Sidewalk, curb and gutter'],
    ['Utilities', null, '#e67e22', 'Underground work'],
    ['Fiber', 'Utilities', '#8e44ad', null],
    ['Water', 'Utilities', '#2980b9', null],
  ];
  for (const [name, parent, color, description] of tree) {
    ids[name] = (await call('POST', `/companies/${companyId}/item-categories`, { name, parentId: parent ? ids[parent] : null, color, description })).id;
  }

  const own = [
    { name: 'Hot Mix Overlay', code: 'PV-100', unit: 'SF', categoryId: ids.Asphalt, productionIsAllowed: true, productionItemType: 'area', lineColor: '#333333', photosNumber: 2 },
    { name: 'Pothole Patch', code: 'PV-110', unit: 'EA', categoryId: ids.Patching, productionIsAllowed: true, productionItemType: 'count', photosNumber: 1 },
    { name: 'Curb And Gutter', code: 'CN-200', unit: 'LF', categoryId: ids.Concrete, productionIsAllowed: true, productionItemType: 'linear', lineColor: '#a0a0a0' },
    { name: 'Water Service Tap', code: 'WT-300', unit: 'EA', categoryId: ids.Water, productionItemType: 'quantity' },
  ];
  for (const item of own) await call('POST', '/items', item);

  const clients: Array<{ id: number; name: string; markets: Array<{ id: number }> }> = await call('GET', '/partnerships/list/client');
  const fiber = clients.find((c) => c.name === 'Lone Star Fiber');
  if (fiber) {
    const marketId = fiber.markets[0]?.id ?? null;
    for (const item of [
      { name: 'Directional Bore 2in', code: 'LSF-01', unit: 'LF', categoryId: ids.Fiber, productionIsAllowed: true, productionItemType: 'linear', lineColor: '#8e44ad', photosNumber: 3, marketId },
      { name: 'Handhole 17x30', code: 'LSF-02', unit: 'EA', categoryId: ids.Fiber, productionIsAllowed: true, productionItemType: 'count', photosNumber: 2, marketId },
    ]) {
      await call('POST', `/partnerships/${fiber.id}/items`, item);
    }
  }

  for (const authority of [
    { name: 'Texas 811', description: 'Call before you dig: locate requests', phone: '+1 800 344 8377', email: 'tickets@texas811.example' },
    { name: 'OSHA Austin Area Office', description: 'Trench and excavation safety', phone: '+1 512 374 0271', email: null },
    { name: 'Austin Water Emergency', description: 'Main breaks and service strikes', phone: '+1 512 972 1000', email: null },
  ]) {
    await call('POST', `/companies/${companyId}/safety-authorities`, authority);
  }
}
