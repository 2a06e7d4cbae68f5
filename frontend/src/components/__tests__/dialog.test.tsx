import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '../Dialog';
import '@/i18n';

describe('Dialog (the catalogues\' phone filters)', () => {
  it('is a labelled dialog that keeps Tab inside, and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">Filters</button>
        <Dialog title="Filters" onClose={onClose} footer={<button type="button">Show doctors</button>}>
          <label><input type="checkbox" /> Female</label>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveFocus();
    const close = screen.getByRole('button', { name: 'Close' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Female')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Show doctors' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Show doctors' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click outside, not inside', async () => {
    const onClose = vi.fn();
    render(<Dialog title="Filters" onClose={onClose}><p>inside</p></Dialog>);
    await userEvent.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
