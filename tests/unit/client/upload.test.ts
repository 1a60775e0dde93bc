import { NETWORK_ERROR } from '../../../src/api/http.js';
import { uploadFile } from '../../../src/api/upload.js';

/** An XHR whose upload progress, answer and failure the test drives by hand. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string) {
    this.method = method;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const storage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
};

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('uploadFile with several files', () => {
  it('sends the fields first, then every file, and spreads the bytes sent over the files for their bars', async () => {
    const seen: number[][] = [];
    const done = uploadFile('/filesNew', { folderId: '4' }, [file('a.png', 300), file('b.pdf', 100)], undefined, { onFileProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([...xhr.body!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name])).toEqual([
      ['folderId', '4'],
      ['file', 'a.png'],
      ['file', 'b.pdf'],
    ]);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 150, total: 400 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 350, total: 400 });
    // Every byte sent but no answer yet: still below 100.
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 400, total: 400 });
    xhr.answer(201, { files: [], errors: [] });
    await done;
    expect(seen).toEqual([
      [50, 0],
      [99, 50],
      [99, 99],
      [100, 100],
    ]);
  });

  it('reads a 413 as the caller’s too-large message, and a cut connection on a body over the limit too', async () => {
    const options = { maxBytes: 1000, tooLargeMessage: 'The file is too large: at most 1 MB' };
    const refused = uploadFile('/filesNew', {}, [file('a', 10)], undefined, options);
    FakeXhr.last.answer(413, { error: { message: 'Payload Too Large' } });
    await expect(refused).rejects.toMatchObject({ statusCode: 413, message: options.tooLargeMessage });

    const cut = uploadFile('/filesNew', {}, [file('big', 1001)], undefined, options);
    FakeXhr.last.onerror!();
    await expect(cut).rejects.toMatchObject({ statusCode: 413, message: options.tooLargeMessage });

    // Under the limit, a failed connection is what it is.
    const offline = uploadFile('/filesNew', {}, [file('small', 10)], undefined, options);
    FakeXhr.last.onerror!();
    await expect(offline).rejects.toMatchObject({ statusCode: 0, message: NETWORK_ERROR });
  });

  it('without the caller’s wording, a 413 reads the server’s message', async () => {
    const refused = uploadFile('/filesNew/5', {}, file('x.png', 10), undefined, { method: 'PATCH', fileField: 'img' });
    expect(FakeXhr.last.method).toBe('PATCH');
    expect([...FakeXhr.last.body!.keys()]).toEqual(['img']);
    FakeXhr.last.answer(413, { error: { message: 'The file is too large: at most 25 MB' } });
    await expect(refused).rejects.toMatchObject({ message: 'The file is too large: at most 25 MB' });
  });
});
