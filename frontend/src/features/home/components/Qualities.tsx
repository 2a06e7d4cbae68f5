import { useTranslation } from 'react-i18next';
import './care-i18n';

export default function Qualities() {
  const { t } = useTranslation('homeCare');
  // Symbols, not an icon package: the home page stays free of antd and its icons.
  const items = [{ icon: '✔', k: 'q1' }, { icon: '⌂', k: 'q2' }, { icon: '৳', k: 'q3' }, { icon: 'অ', k: 'q4' }];
  return (
    <section className="section" aria-labelledby="qualities">
      <h2 id="qualities">{t('qualities')}</h2>
      <div className="grid-cards">
        {items.map((q) => (
          <article key={q.k} className="light-card small">
            <h3 className="light-card-title" style={{ color: '#0b7a5c' }}><span aria-hidden="true">{q.icon}</span> {t(`${q.k}t`)}</h3>
            {t(q.k)}
          </article>
        ))}
      </div>
    </section>
  );
}
