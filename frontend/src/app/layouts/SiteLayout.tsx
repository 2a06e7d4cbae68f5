import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Header from '../components/Header';
import Footer from '../components/Footer';
import Splash from '../components/Splash';
import PageLoader from '../components/PageLoader';
import FlashHost from '../components/FlashHost';
import ChatWidget from '@/features/info/components/ChatWidget';
import { withAntd } from '../withAntd';

// Its own chunk: most visitors are not unverified patients.
const VerifyEmailBanner = withAntd(() => import('@/features/email/components/VerifyEmailBanner'));

export default function SiteLayout() {
  return (
    <div className="site">
      <Splash />
      <Header />
      <FlashHost />
      <Suspense fallback={null}>
        <VerifyEmailBanner />
      </Suspense>
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
