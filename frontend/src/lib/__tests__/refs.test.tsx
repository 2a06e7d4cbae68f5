import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CODE_SLOT, TextWithCode, shortRef } from '../refs';

describe('short references', () => {
  it("are an id's first 8 characters, upper case", () => {
    expect(shortRef('5846a703-1b2c-4d5e-8f90-123456789abc')).toBe('5846A703');
  });

  it('stay a code inside Bangla words, also when they are all digits (translate="no")', () => {
    const { container } = render(<TextWithCode text={`অর্ডার #${CODE_SLOT} এর প্রেসক্রিপশন যাচাই`} code={shortRef('58460703-0000-4000-8000-000000000000')} />);
    expect(container).toHaveTextContent('অর্ডার #58460703 এর প্রেসক্রিপশন যাচাই');
    expect(container.querySelector('span[translate="no"]')).toHaveTextContent(/^58460703$/);
  });
});
