import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../rx-i18n';

/**
 * The photo sent with an order, through its short-lived link. A link that does not load (it expired
 * while the page was open, the clock jumped, the file is gone) says so instead of a broken image, and
 * asks for the order again (`onExpired`): a fresh link shows the photo again; the same link means the
 * photo cannot be shown, and the words stay.
 */
export default function PrescriptionPhoto({ url, onExpired, thumbnail, testId }: {
  url: string;
  onExpired: () => unknown;
  /** Small, beside "View prescription" (which names it): decorative, no alt text of its own. */
  thumbnail?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('pharmacy');
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === url) return <span className="med-meta" data-testid={testId ? `${testId}-missing` : undefined}>{t('photoUnavailable')}</span>;
  const failed = () => {
    setBroken(url);
    void Promise.resolve(onExpired()).catch(() => undefined);
  };
  return thumbnail
    ? <img className="rx-thumb" src={url} alt="" width={48} height={64} onError={failed} data-testid={testId} />
    : <img className="rx-photo" src={url} alt={t('prescriptionImageAlt')} width={600} height={800} onError={failed} data-testid={testId} />;
}
