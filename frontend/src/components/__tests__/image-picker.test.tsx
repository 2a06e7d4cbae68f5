import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { UploadLimitsDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import ImagePicker from '../ImagePicker';

beforeAll(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:picked-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

const limits = (maxBytes: number) => [{
  request: { query: UploadLimitsDocument }, maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { uploadLimits: { __typename: 'UploadLimits', maxBytes, maxFiles: 2 } } },
}];

function Field({ current = [] as string[], multiple = false }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <label htmlFor="pic">Image</label>
      <ImagePicker id="pic" value={files} onChange={setFiles} current={current} multiple={multiple} alt="Photo" />
      <output data-testid="chosen">{files.map((f) => f.name).join(',')}</output>
    </>
  );
}

const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Image'), { target: { files } });
const png = (name = 'face.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('ImagePicker (doctor, nurse and medicine forms)', () => {
  it('takes only JPEG, PNG and WebP, and refuses a text file with a message before anything is sent', async () => {
    renderScreen(<Field />, { mocks: limits(1024) as never });
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt is not a picture: choose a JPEG, PNG or WebP file');
    expect(screen.getByTestId('chosen')).toHaveTextContent('');
    expect(screen.queryByTestId('pic-preview')).toBeNull();
  });

  it("refuses a picture larger than the server's limit, and says the limit", async () => {
    renderScreen(<Field />, { mocks: limits(1024) as never });
    expect(await screen.findByText('JPEG, PNG or WebP, up to 1 KB')).toBeInTheDocument();
    pick(png('big.png', 2048));
    expect(await screen.findByRole('alert')).toHaveTextContent('big.png is larger than');
    expect(screen.getByTestId('chosen')).toHaveTextContent('');
  });

  it('previews the chosen picture in place of the current one, and can take it back', async () => {
    renderScreen(<Field current={['/uploads/now.webp']} />, { mocks: limits(1024) as never });
    expect(screen.getByTestId('pic-preview')).toHaveAttribute('src', '/uploads/now.webp');
    pick(png());
    expect(await screen.findByTestId('chosen')).toHaveTextContent('face.png');
    expect(screen.getByTestId('pic-preview').getAttribute('src')).toMatch(/^blob:picked-/);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove face.png' }));
    expect(screen.getByTestId('pic-preview')).toHaveAttribute('src', '/uploads/now.webp');
  });

  it('opens the file chooser from a button a keyboard reaches', () => {
    renderScreen(<Field />);
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    const button = screen.getByRole('button', { name: /Choose a picture/ });
    expect(button.tabIndex).not.toBe(-1);
    fireEvent.click(button);
    expect(click).toHaveBeenCalled();
  });
});
