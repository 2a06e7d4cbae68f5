import { useTranslation } from 'react-i18next';

/**
 * 1st, Prev, page x of y, Next, Last; the page size comes from the server. Plain elements: it serves
 * the admin tables and the public catalogues (/doctors, /medicine), which load no antd.
 */
export default function Pager({ page, pageCount, onChange }: { page: number; pageCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(1)}>{t('pager.first')}</button>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>{t('pager.prev')}</button>
      <span>{t('pager.pageOf', { page, count: pageCount })}</span>
      <button type="button" className="btn" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>{t('pager.next')}</button>
      <button type="button" className="btn" disabled={page >= pageCount} onClick={() => onChange(pageCount)}>{t('pager.last')}</button>
    </nav>
  );
}
