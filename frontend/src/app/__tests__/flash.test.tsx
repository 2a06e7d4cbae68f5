import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import FlashHost from '../components/FlashHost';
import { flash } from '@/lib/flash';

function Login() {
  const navigate = useNavigate();
  return <><h1>Welcome to Login</h1><button type="button" onClick={() => navigate('/')}>Home</button></>;
}

function Form() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => { flash('Password Update Successfully'); navigate('/user-signin'); }}>Update</button>;
}

describe('notices that outlive their page', () => {
  it('shows the notice on the page navigated to, and not on the next one', async () => {
    render(
      <MemoryRouter initialEntries={['/reset']}>
        <FlashHost />
        <Routes>
          <Route path="/reset" element={<Form />} />
          <Route path="/user-signin" element={<Login />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Password Update Successfully');
    // It does not follow the user any further.
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // (the live region stays, empty, so that the next notice is announced)
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
