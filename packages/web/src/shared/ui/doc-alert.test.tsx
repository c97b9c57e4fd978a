import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocAlert } from './doc-alert';

describe('DocAlert', () => {
  it('links to the documentation in a new browser tab', () => {
    render(<DocAlert title="用户体系" url="https://doc.iocoder.cn/user-center/" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('【用户体系】文档地址：https://doc.iocoder.cn/user-center/');
    const link = screen.getByRole('link', { name: 'https://doc.iocoder.cn/user-center/' });
    expect(link).toHaveAttribute('href', 'https://doc.iocoder.cn/user-center/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("is hidden when VITE_DOC_ENABLE is 'false'", () => {
    vi.stubEnv('VITE_DOC_ENABLE', 'false');
    const { container } = render(<DocAlert title="用户体系" url="https://doc.iocoder.cn/" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows for any other value', () => {
    vi.stubEnv('VITE_DOC_ENABLE', 'true');
    render(<DocAlert title="字典" url="https://doc.iocoder.cn/dict/" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
