import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PDF_MESSAGES, type PdfConversion } from '../../resources/pdf-conversion';
import { fakeToken } from './fixtures';
import { projectStore } from './projects-fixtures';
import { renderApp } from './render-app';

let store = projectStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = projectStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const stamp = '2026-11-20T10:00:00.000Z';
const conversion = (over: Partial<PdfConversion>): PdfConversion => ({
  id: 7,
  projectId: 1,
  sourceName: 'Plans.pdf',
  ratio: 1,
  status: 'queued',
  pagesTotal: null,
  pagesDone: 0,
  error: null,
  folderId: 3,
  files: [],
  requestedBy: 'Dana Field',
  createdAt: stamp,
  updatedAt: stamp,
  ...over,
});

/** POST /to-images answers the queued conversion; each GET answers the next state of `steps`. */
function optimiser(steps: PdfConversion[], onDone?: () => void) {
  const posted: string[] = [];
  let read = 0;
  server.use(
    http.post('/api/v1/to-images', ({ request }) => {
      posted.push(new URL(request.url).search);
      return HttpResponse.json(conversion({}), { status: 202 });
    }),
    http.get('/api/v1/to-images/:id', () => {
      const step = steps[Math.min(read++, steps.length - 1)]!;
      if (step.status === 'done') onDone?.();
      return HttpResponse.json(step);
    }),
  );
  return posted;
}

const pdf = () => new File(['%PDF-1.4 '.repeat(50)], 'Plans.pdf', { type: 'application/pdf' });

describe('the PDF optimise dialog', () => {
  it('sends the PDF at the chosen ratio, shows pages done of total, then links to the images', async () => {
    const user = userEvent.setup();
    const pages = [1, 2].map((n) => ({ id: 950 + n, projectId: 1, type: 'other' as const, name: `Plans - page ${n}.jpg`, contentType: 'image/jpeg', length: 1000, url: `/api/v1/staticfiles/page-${n}`, uploadedBy: 'Dana Field', createdAt: stamp }));
    const posted = optimiser(
      [
        conversion({ status: 'running', pagesTotal: 2, pagesDone: 1 }),
        conversion({ status: 'done', pagesTotal: 2, pagesDone: 2, files: pages.map((p, i) => ({ page: i + 1, fileId: p.id, name: p.name })) }),
      ],
      () => store.state.files.push(...pages.filter((p) => !store.state.files.some((f) => f.id === p.id))),
    );
    renderApp('/projects/1/files');
    await user.click(await screen.findByRole('button', { name: 'Optimise PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'PDF optimise' });
    expect(within(dialog).getByRole('button', { name: 'Optimise' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Choose a PDF'), pdf());
    await user.click(within(dialog).getByRole('radio', { name: 'Sharper (2×)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Optimise' }));
    expect(await within(dialog).findByText('Converting: 1 of 2 pages done')).toBeInTheDocument();
    expect(posted).toEqual(['?projectId=1&ratio=2']);
    expect(await within(dialog).findByText("2 images added to the project's files.")).toBeInTheDocument();
    const images = within(dialog).getByRole('list', { name: 'Images' });
    await waitFor(() => expect(within(images).getByRole('link', { name: 'Plans - page 2.jpg' })).toHaveAttribute('href', '/api/v1/staticfiles/page-2'));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const others = screen.getByRole('list', { name: 'Other files' });
    expect(await within(others).findByText('Plans - page 1.jpg')).toBeInTheDocument();
  });

  it("shows the server's reason when the conversion fails, and lets the person try again", async () => {
    const user = userEvent.setup();
    optimiser([conversion({ status: 'failed', error: PDF_MESSAGES.encrypted })]);
    renderApp('/projects/1/files');
    await user.click(await screen.findByRole('button', { name: 'Optimise PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'PDF optimise' });
    await user.upload(within(dialog).getByLabelText('Choose a PDF'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Optimise' }));
    expect(await within(dialog).findByText(PDF_MESSAGES.encrypted)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a PDF' })).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF with the server message', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/v1/to-images', () => HttpResponse.json({ statusCode: 400, message: PDF_MESSAGES.notPdf, error: { statusCode: 400, message: PDF_MESSAGES.notPdf, code: 'BAD_REQUEST' } }, { status: 400 })));
    renderApp('/projects/1/files');
    await user.click(await screen.findByRole('button', { name: 'Optimise PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'PDF optimise' });
    await user.upload(within(dialog).getByLabelText('Choose a PDF'), new File(['hello'], 'notes.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Optimise' }));
    expect(await within(dialog).findByText(PDF_MESSAGES.notPdf)).toBeInTheDocument();
  });
});
