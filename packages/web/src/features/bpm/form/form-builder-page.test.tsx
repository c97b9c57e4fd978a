import { screen, waitFor } from '@testing-library/react';
import { forwardRef, useImperativeHandle } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import type { FormDesignerHandle } from './form-designer';
import type { FormSchema } from './form-schema';

const designed: FormSchema = {
  type: 'default',
  id: 'Form_1',
  components: [{ type: 'textfield', id: 'Field_1', key: 'reason', label: '请假原因' }],
};

// form-js draws with the DOM APIs of a browser; the page only needs the designer's handle.
vi.mock('./form-designer', () => ({
  FormDesigner: forwardRef<FormDesignerHandle>(function FakeDesigner(_props, ref) {
    useImperativeHandle(ref, () => ({ getSchema: () => designed, importSchema: async () => undefined }));
    return <div data-testid="form-designer" />;
  }),
}));

const { FormBuilderPage, FORM_JSON_FILE } = await import('./form-builder-page');

afterEach(() => vi.restoreAllMocks());

describe('form builder page', () => {
  it('exports the designed form as a JSON file', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:form';
    });
    URL.revokeObjectURL = vi.fn();
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = renderPage(<FormBuilderPage />, { path: '/infra/build' });
    await user.click(screen.getByRole('button', { name: /导出 JSON/ }));
    expect(downloaded).toBe(FORM_JSON_FILE);
    expect(blobs).toHaveLength(1);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(designed);
  });

  it('copies the JSON to the clipboard and shows it', async () => {
    const { user } = renderPage(<FormBuilderPage />, { path: '/infra/build' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: /复制 JSON/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual(designed);
    expect(await screen.findByText('已复制到剪贴板')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /查看 JSON/ }));
    expect(JSON.parse((await screen.findByTestId('form-json')).textContent)).toEqual(designed);
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderPage(<FormBuilderPage />, { path: '/infra/build' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: /复制 JSON/ }));
    expect(await screen.findByText(/复制失败/)).toBeInTheDocument();
  });
});
