import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router-dom';
import Header from '../components/Header';
import Footer from '../components/Footer';
import Splash from '../components/Splash';
import PageLoader from '../components/PageLoader';
import FlashHost from '../components/FlashHost';
import ChatWidget from '@/features/info/components/ChatWidget';
import { useSession } from '@/lib/session';

// Its own chunk, fetched only once someone is logged in: visitors never download it.
const VerifyEmailBanner = lazy(() => import('@/features/email/components/VerifyEmailBanner'));

export default function SiteLayout() {
  const session = useSession();
  return (
    <div className="site">
      <Splash />
      <Header />
      <FlashHost />
      {session && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
      <main className="site-main" id="main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ChatWidget />
    </div>
  );
}
