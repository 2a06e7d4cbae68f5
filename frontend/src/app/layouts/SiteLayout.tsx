import { Suspense, lazy, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Header from '../components/Header';
import Footer from '../components/Footer';
import Splash from '../components/Splash';
import PageLoader from '../components/PageLoader';
import FlashHost from '../components/FlashHost';
import FormErrorAnnouncer from '../components/FormErrorAnnouncer';
import { withData } from '@/components/withData';
import { useSession } from '@/lib/session';
import { useIdleAfterLoad } from '@/lib/idle';

// Its own chunk, fetched only once someone is logged in: visitors never download it.
const VerifyEmailBanner = withData(() => import('@/features/email/components/VerifyEmailBanner'));
// Reads the site settings (is a chat provider set?): mounted once the page has loaded and the browser
// is idle, so its chunk, its query and the answer's processing stay out of every first load. It reads
// without Apollo, so a page without data (the sign-in doors) never loads the data layer for it.
const ChatWidget = lazy(() => import('@/features/info/components/ChatWidget'));
// Offline and back online, writes sent again or waiting, and the service worker's registration: once
// idle too, so that nothing of it is on a first screen's path.
const ConnectionBanner = lazy(() => import('@/components/ConnectionBanner'));

/**
 * The first thing a keyboard reaches on every page: past the header's dozen links to the page itself.
 * Focus moves into <main> (not only the scroll position), so the next Tab is the page's first field.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main" onClick={(e) => {
      e.preventDefault();
      const main = document.getElementById('main');
      main?.focus();
      main?.scrollIntoView();
    }}>{t('a11y.skipToContent')}</a>
  );
}

/**
 * After a move to another page inside the app, focus goes to the new page's <main>: the element that
 * had it (the login button, a link) is gone or belongs to the page before, and the next Tab would
 * start from wherever it was. The first page load keeps the browser's start, so Tab meets the skip link.
 *
 * A layout effect: it runs in the commit that puts the new page on screen. Moves are transitions
 * (app/App.tsx), so a page whose chunk was on its way appears in the same commit as this move; a
 * passive effect ran after the browser had painted it, and a Tab pressed in that moment (CI caught one:
 * the sign-in door's Email had focus) was undone, the reader's next keys typed into <main>.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * A move to another page by a link or a button (the footer's, a menu's, the admin's side menu) starts
 * the new page at its top: the app swaps the page inside one document, so the window kept the scroll
 * of the page before and a footer link landed half-way down the next. Back and Forward (POP) keep the
 * browser's own restoring; a link to an anchor (#…) is the browser's to scroll.
 */
function useTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (type !== 'POP' && !hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, type]);
}

/**
 * Its children once the page has loaded and the browser is idle. Its own component, so that the
 * update re-renders only it: were it the layout's state, the layout would re-render around a page
 * still hydrating (its chunk slow to come), and React discards a Suspense boundary's server markup
 * that receives new props before it has hydrated, showing its fallback instead (a journey caught it).
 */
function OnceIdle({ children }: { children: ReactNode }) {
  return useIdleAfterLoad() ? children : null;
}

/**
 * The banner asking a logged-in reader to verify their email. The session is known only once the app
 * has started (a first screen in the HTML is a visitor's), so it is read here, not by the layout: were
 * the layout to re-render then, the page's boundary, still hydrating, would be discarded for its
 * fallback, and a logged-in reader's first screen blanked for a moment, with a tap on it lost.
 */
function SessionBanner() {
  const session = useSession();
  return session ? (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  ) : null;
}

export default function SiteLayout() {
  const { pathname } = useLocation();
  useTopOnNavigation();
  useFocusOnNavigation();
  return (
    <div className="site">
      <SkipLink />
      <Splash />
      <Header />
      <OnceIdle>
        <Suspense fallback={null}>
          <ConnectionBanner />
        </Suspense>
      </OnceIdle>
      <FlashHost />
      <FormErrorAnnouncer page={pathname} />
      <SessionBanner />
      <main className="site-main" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <OnceIdle>
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      </OnceIdle>
    </div>
  );
}
