import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import i18n from '@/i18n';
import { renderScreen } from '@/test/render';
import NumberInput from '../NumberInput';

/** A form with one number field; what the form holds is written out beside it. */
function Field({ initial, precision }: { initial?: number; precision?: number }) {
  const [form] = Form.useForm();
  const value = Form.useWatch('fee', form);
  return (
    <Form form={form} initialValues={{ fee: initial }}>
      <Form.Item name="fee" label="Fee"><NumberInput precision={precision} /></Form.Item>
      <output data-testid="held">{value === undefined || value === null ? 'none' : `${typeof value}:${value}`}</output>
    </Form>
  );
}

describe('NumberInput', () => {
  afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

  it('takes Bangla digits as digits: the form holds the number (antd alone drops them)', async () => {
    renderScreen(<Field />);
    await userEvent.type(screen.getByLabelText('Fee'), '৫০০');
    await waitFor(() => expect(screen.getByTestId('held')).toHaveTextContent('number:500'));
    await userEvent.tab();
    expect(screen.getByLabelText('Fee')).toHaveValue('500');
  });

  it('writes the number in Bangla digits on a Bangla screen, typed in either digits', async () => {
    await act(() => i18n.changeLanguage('bn'));
    renderScreen(<Field initial={1250.5} precision={2} />);
    const input = screen.getByLabelText('Fee');
    expect(input).toHaveValue('১২৫০.৫০');
    await userEvent.clear(input);
    await userEvent.type(input, '7৫');
    await waitFor(() => expect(screen.getByTestId('held')).toHaveTextContent('number:75'));
    expect(input).toHaveValue('৭৫');
    await userEvent.tab();
    expect(input).toHaveValue('৭৫.০০');
  });
});
