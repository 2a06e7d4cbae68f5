import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import CatalogueImportPanel from '../components/CatalogueImportPanel';
import SpecialitiesPanel from '../components/SpecialitiesPanel';
import '../i18n';
import '../admin.css';

/** Admin → Catalogue: medicines and specialities imported from a file, and specialities kept by hand. */
export default function CataloguePage() {
  const { t } = useTranslation('admin');
  return (
    <div className="card">
      <h1 className="page-title">{t('catalogue.title')}</h1>
      <Tabs items={[
        { key: 'import', label: t('catalogue.importTab'), children: <CatalogueImportPanel /> },
        { key: 'specialities', label: t('catalogue.specialitiesTab'), children: <SpecialitiesPanel /> },
      ]} />
    </div>
  );
}
