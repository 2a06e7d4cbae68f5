// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../prerender';

// The build's prerender of the home page (src/prerender.tsx) runs in Node, with no window, no
// localStorage and no sessionStorage: what it renders is what a visitor's first screen must be, and
// what main.tsx hydrates.
describe('the home page prerendered by the build', () => {
  it('renders the header and the landing block in English, as a visitor sees them', async () => {
    const html = await render('en', '/');
    expect(html).toContain('<h1 id="hero-heading">Your doctor, nurse and medicine, a tap away</h1>');
    expect(html).toContain('href="/user-signin"');
    expect(html).toContain('>বাংলা</button>');
    // No session, an empty cart, no splash: those follow once hydrated.
    expect(html).not.toContain('count-badge');
    expect(html).not.toContain('data-testid="splash"');
    expect(html).not.toContain('user-menu');
  });

  it('renders the same screen in Bangla', async () => {
    const html = await render('bn', '/');
    expect(html).toContain('<h1 id="hero-heading">ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই</h1>');
    expect(html).toContain('নীরোগ');
    expect(html).toContain('>English</button>');
    expect(html).not.toContain('Your doctor, nurse and medicine');
  });

  it('leaves the sections that read data as their placeholders, for the browser to fill', async () => {
    const html = await render('en', '/');
    expect(html).toContain('class="best-doctors"');
    expect(html).toMatch(/card-placeholder/);
    expect(html).toContain('<footer');
  });
});
