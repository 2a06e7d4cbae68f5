import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import FlashHost from '../components/FlashHost';
import FormErrorAnnouncer from '../components/FormErrorAnnouncer';
import { flash } from '@/lib/flash';

// A screen reader announces what is added to a live region it already knows, not a region that
// arrives with its text: the regions must be in the page, empty, before anything is said.
describe('what screen readers are told', () => {
  it('notices go into a polite live region that is there before any notice', async () => {
    render(<MemoryRouter><FlashHost /></MemoryRouter>);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => flash('Item Added to Cart'));
    expect(region).toHaveTextContent('Item Added to Cart');
    expect(screen.getByRole('status')).toBe(region);
  });

  it("a form's errors are repeated in a polite live region as they appear", async () => {
    render(<FormErrorAnnouncer />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    // what antd renders under two fields after a failed submit
    const field = (text: string) => Object.assign(document.createElement('div'), { className: 'ant-form-item-explain-error', textContent: text });
    act(() => document.body.append(field('Enter your email'), field('Enter your password')));
    await waitFor(() => expect(region).toHaveTextContent('Enter your email. Enter your password'));
  });

  it("empties the form errors' region on another page, so the page before's errors are not read again", async () => {
    const { rerender } = render(<FormErrorAnnouncer page="/shipping" />);
    const region = screen.getByTestId('form-errors-live');
    const field = Object.assign(document.createElement('div'), { className: 'ant-form-item-explain-error', textContent: 'Enter the city' });
    act(() => document.body.append(field));
    await waitFor(() => expect(region).toHaveTextContent('Enter the city'));
    field.remove();
    rerender(<FormErrorAnnouncer page="/my-order" />);
    expect(screen.getByTestId('form-errors-live')).toBe(region);
    expect(region).toBeEmptyDOMElement();
  });
});
