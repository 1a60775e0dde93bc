import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine } from '@refinedev/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { invoiceCommentBody } from '../../resources/invoice';
import { apiFetch } from '../../src/api/http';
import { Comments, type CommentRow } from '../../src/components/Comments';
import { dataProvider } from '../../src/providers/data-provider';
import { fakeToken } from './fixtures';

// The one thread behind the invoice, budget, production and task comments.
interface Row extends CommentRow {
  body: string;
}
const row = (id: number, body: string): Row => ({ id, body, authorName: 'Ann Lee', companyName: 'Austin Fiber', createdAt: '2026-11-24T18:05:09Z' });

let rows: Row[] = [];
let total = 0;
let listFails = false;
let postFails = false;
const reads: URLSearchParams[] = [];
const posts: unknown[] = [];
const server = setupServer(
  http.get('/api/v1/things/1/comments', ({ request }) => {
    reads.push(new URL(request.url).searchParams);
    if (listFails) return HttpResponse.json({ message: 'Database asleep' }, { status: 500 });
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(total || rows.length) } });
  }),
  http.post('/api/v1/things/1/comments', async ({ request }) => {
    if (postFails) return HttpResponse.json({ message: 'The thing is archived' }, { status: 409 });
    const body = (await request.json()) as { comment: string };
    posts.push(body);
    rows = [row(rows.length + 1, body.comment), ...rows];
    return HttpResponse.json(rows[0], { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  rows = [row(2, 'Second'), row(1, 'First')];
  total = 0;
  listFails = postFails = false;
  reads.length = posts.length = 0;
});
afterAll(() => server.close());

function show(url: string, props: { pageSize?: number; anchor?: string } = {}) {
  const onAdded = vi.fn();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <Comments<Row>
          resource="thing-comments"
          path="/things/1/comments"
          text={(c) => c.body}
          schema={invoiceCommentBody}
          post={(comment) => apiFetch('/things/1/comments', { method: 'POST', body: { comment }, quiet: true })}
          onAdded={onAdded}
          {...props}
        />
      </Refine>
    </MemoryRouter>,
  );
  return { onAdded, user: userEvent.setup() };
}

describe('Comments', () => {
  it('lists the thread with author, company and date, and posts a checked, trimmed comment', async () => {
    const { onAdded, user } = show('/things/1');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^SecondAnn Lee · Austin Fiber · /),
      expect.stringMatching(/^FirstAnn Lee · Austin Fiber · /),
    ]);
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(screen.getByText('Write a comment')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '  Gate code 1234 ');
    expect(screen.queryByText('Write a comment')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    // Reloading the thread is the caller's refresh (onAdded), as each area reloads more than its comments.
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(posts).toEqual([{ comment: 'Gate code 1234' }]);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('keeps the draft and shows the server’s refusal when adding fails', async () => {
    postFails = true;
    const { onAdded, user } = show('/things/1');
    await screen.findByRole('list', { name: 'Comments' });
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Too late');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The thing is archived');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Too late');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('says when there are none', async () => {
    rows = [];
    show('/things/1');
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('says when the thread could not be loaded', async () => {
    listFails = true;
    show('/things/1');
    expect(await screen.findByText(/^The comments could not be loaded\./, {}, { timeout: 10000 })).toBeInTheDocument();
  });

  it('pages a newest-first thread with the box on top, and marks the comment a #id link names', async () => {
    total = 45;
    const { user } = show('/things/1#1', { pageSize: 20, anchor: 'thing-comment' });
    const list = await screen.findByRole('list', { name: 'Comments' });
    // The box comes before the thread.
    expect(screen.getByRole('textbox', { name: 'Comment' }).compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(reads[0]!.get('_start')).toBe('0');
    expect(reads[0]!.get('_end')).toBe('20');
    const marked = document.getElementById('thing-comment-1')!;
    expect(marked).toHaveTextContent('First');
    expect(marked.className).not.toBe(document.getElementById('thing-comment-2')!.className);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(reads.at(-1)!.get('_start')).toBe('20'));
  });

  it('loads a thread without paging whole, with the box below it', async () => {
    show('/things/1');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(list.compareDocumentPosition(screen.getByRole('textbox', { name: 'Comment' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(reads[0]!.get('_start')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });
});
