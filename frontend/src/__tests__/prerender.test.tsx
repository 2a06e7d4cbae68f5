// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../prerender';

// The build's prerender of the home page (src/prerender.tsx) runs in Node, with no window, no
// localStorage and no sessionStorage: what it renders is what a visitor's first screen must be, and
// what main.tsx hydrates.
describe('the home page prerendered by the build', () => {
  it('renders the header and the landing block in English, as a visitor sees them', async () => {
    const html = await render('en', '/', { splash: false });
    expect(html).toContain('<h1 id="hero-heading">Your doctor, nurse and medicine, a tap away</h1>');
    expect(html).toContain('href="/user-signin"');
    expect(html).toContain('>বাংলা</button>');
    // No session, an empty cart: those follow once hydrated.
    expect(html).not.toContain('count-badge');
    expect(html).not.toContain('data-testid="splash"');
    expect(html).not.toContain('user-menu');
  });

  it('renders the same screen in Bangla', async () => {
    const html = await render('bn', '/', { splash: false });
    expect(html).toContain('<h1 id="hero-heading">ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই</h1>');
    expect(html).toContain('নীরোগ');
    expect(html).toContain('>English</button>');
    expect(html).not.toContain('Your doctor, nurse and medicine');
  });

  it("holds the splash for a browser session's first visit, hidden from screen readers, in the page's language", async () => {
    const en = await render('en', '/', { splash: true });
    expect(en).toMatch(/<div class="splash" aria-hidden="true" data-testid="splash">.*<h1 id="hero-heading">/s);
    const bn = await render('bn', '/', { splash: true });
    expect(bn).toMatch(/<div class="splash"[^>]*><div><p class="splash-title">নীরোগ/);
    // The next render without it: the flag is per render.
    expect(await render('en', '/', { splash: false })).not.toContain('class="splash"');
  });

  it('leaves the sections that read data as their placeholders, for the browser to fill', async () => {
    const html = await render('en', '/', { splash: false });
    expect(html).toContain('class="best-doctors"');
    expect(html).toMatch(/card-placeholder/);
    expect(html).toContain('<footer');
  });
});
