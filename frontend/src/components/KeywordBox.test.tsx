import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KEYWORDS_MAX_CHARS } from '@/lib/keywords';
import { renderWithProviders } from '@/testing/render';
import { KeywordBox } from './KeywordBox';

function Box() {
  const [value, setValue] = useState('');
  return <KeywordBox value={value} onChange={setValue} />;
}

describe('the keyword box', () => {
  it('is a search field with its limit, and a clear button once something is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Box />);
    const box = screen.getByRole('searchbox', { name: '關鍵字' });
    expect(box).toHaveAttribute('name', 'q');
    expect(box).toHaveAttribute('maxLength', String(KEYWORDS_MAX_CHARS));
    expect(screen.queryByRole('button', { name: '清除關鍵字' })).not.toBeInTheDocument();

    await user.type(box, '數學');
    await user.click(screen.getByRole('button', { name: '清除關鍵字' }));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: '清除關鍵字' })).not.toBeInTheDocument();
  });
});
