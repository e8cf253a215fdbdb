import { formatSizeLimit } from '@shetuan/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../app/feedback';
import { API_BASE, fetchBlob } from '../../app/request';
import { FileUpload } from './FileUpload';

/**
 * The upload field's failures (spec 000 §8): a broken upload is the alert 上传错误，请联系管理员;
 * a refusal by size names the limit with its unit; a failed download shows the server's msg.
 */
const server = setupServer();
const url = (path: string) => `${location.origin}${API_BASE}${path}`;
const toast = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
const alert = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  feedback.message = toast as unknown as typeof feedback.message;
  feedback.modal = { error: alert, confirm: vi.fn() } as unknown as typeof feedback.modal;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.clearAllMocks();
});

function renderUpload(props: Parameters<typeof FileUpload>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FileUpload {...props} />
    </QueryClientProvider>,
  );
}

function choose(file: File): void {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('FileUpload failures', () => {
  it('alerts 上传错误，请联系管理员 when the upload itself breaks, and drops the item', async () => {
    server.use(
      http.get(url('/systemfile/mode'), () => HttpResponse.json({ code: 200, msg: '', data: '1', success: true })),
      http.post(url('/systemfile/upload'), () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })),
    );
    renderUpload();
    choose(new File(['%PDF-1.4'], '申报书.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(alert).toHaveBeenCalled());
    expect(alert.mock.calls[0]?.[0]).toMatchObject({ title: '系统提示', content: '上传错误，请联系管理员' });
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('申报书.pdf')).toBeNull());
  }, 30_000);

  it("shows the server's own refusal as a toast, not the alert", async () => {
    server.use(
      http.get(url('/systemfile/mode'), () => HttpResponse.json({ code: 200, msg: '', data: '1', success: true })),
      http.post(url('/systemfile/upload'), () =>
        HttpResponse.json({ code: 500, msg: '文件内容与扩展名不符', data: null, success: false }),
      ),
    );
    renderUpload();
    choose(new File(['%PDF-1.4'], '申报书.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('文件内容与扩展名不符'));
    expect(alert).not.toHaveBeenCalled();
  }, 30_000);

  it('names the size limit with its unit, in the refusal and the hint', async () => {
    server.use(
      http.get(url('/systemfile/mode'), () => HttpResponse.json({ code: 200, msg: '', data: '1', success: true })),
    );
    renderUpload({ maxSizeMB: 2 });
    expect(screen.getByText(/且不超过2MB，最多1个/)).toBeTruthy();
    const big = new File(['x'], '大文件.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    choose(big);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('上传文件超过标准大小了，请重新上传！（单个文件不超过2MB）'),
    );
    expect(formatSizeLimit(0.5)).toBe('512KB');
    expect(formatSizeLimit(10)).toBe('10MB');
    expect(formatSizeLimit(1536)).toBe('1.5GB');
  }, 30_000);
});

describe('downloads', () => {
  it("a failed download shows the server's msg; a preview leaves it to the viewer", async () => {
    server.use(
      http.get(url('/systemfile/files/9'), () =>
        HttpResponse.json({ code: 500, msg: '文件不存在', data: null, success: false }),
      ),
    );
    await expect(fetchBlob('/systemfile/files/9', { silent: false })).rejects.toMatchObject({ message: '文件不存在' });
    expect(toast.error).toHaveBeenCalledWith('文件不存在', 5);
    toast.error.mockClear();
    await expect(fetchBlob('/systemfile/files/9')).rejects.toMatchObject({ message: '文件不存在' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a download without our envelope says 文件下载失败', async () => {
    server.use(http.get(url('/systemfile/files/8'), () => new HttpResponse('gone', { status: 404 })));
    await expect(fetchBlob('/systemfile/files/8', { silent: false })).rejects.toMatchObject({ code: 404 });
    expect(toast.error).toHaveBeenCalledWith('文件下载失败', 5);
  });
});
