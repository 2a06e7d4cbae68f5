import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The admin tables' pager: 1st, Prev, Next, Last; the page size comes from the server. */
export default function Pager({ page, pageCount, onChange }: { page: number; pageCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <Space wrap style={{ marginTop: 16 }} aria-label="pagination">
      <Button disabled={page <= 1} onClick={() => onChange(1)}>{t('pager.first')}</Button>
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>{t('pager.prev')}</Button>
      <span>{t('pager.pageOf', { page, count: pageCount })}</span>
      <Button disabled={page >= pageCount} onClick={() => onChange(page + 1)}>{t('pager.next')}</Button>
      <Button disabled={page >= pageCount} onClick={() => onChange(pageCount)}>{t('pager.last')}</Button>
    </Space>
  );
}
