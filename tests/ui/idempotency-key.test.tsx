import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiFetch } from '../../src/api/http';
import { fakeToken } from './fixtures';

describe('apiFetch idempotency key', () => {
  it('sends Idempotency-Key when the call names one, and none otherwise', async () => {
    const seen: Array<string | null> = [];
    const server = setupServer(http.post('/api/v1/logs', ({ request }) => (seen.push(request.headers.get('idempotency-key')), HttpResponse.json({ id: 1 }, { status: 201 }))));
    server.listen();
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    try {
      await apiFetch('/logs', { method: 'POST', body: { projectId: 1 }, idempotencyKey: 'outbox-entry-7' });
      await apiFetch('/logs', { method: 'POST', body: { projectId: 1 } });
      expect(seen).toEqual(['outbox-entry-7', null]);
    } finally {
      server.close();
    }
  });
});
