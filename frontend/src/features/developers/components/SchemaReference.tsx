import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TYPES from 'virtual:schema-reference';
import { searchSchema, type RefMember, type RefType } from './schemaSearch';

function Member({ m }: { m: RefMember }) {
  const { t } = useTranslation('developers');
  return (
    <li className={m.deprecated ? 'ref-member is-deprecated' : 'ref-member'}>
      <div className="ref-sig">
        <code className="ref-name">{m.name}</code>
        {m.args.length > 0 && (
          <span className="ref-args">
            {'('}{m.args.map((a, i) => <span key={a.name}>{i > 0 && ', '}<code>{a.name}</code>{': '}<code className="ref-type">{a.type}</code>{a.defaultValue && <>{' = '}<code>{a.defaultValue}</code></>}</span>)}{')'}
          </span>
        )}
        {m.type && <>{': '}<code className="ref-type">{m.type}</code></>}
        {m.defaultValue && <>{' = '}<code>{m.defaultValue}</code></>}
        {m.deprecated && <span className="ref-badge">{t('reference.deprecated')}</span>}
      </div>
      {m.description && <p className="ref-desc">{m.description}</p>}
      {m.deprecated && <p className="ref-desc ref-deprecation">{m.deprecated}</p>}
      {m.args.some((a) => a.description) && (
        <dl className="ref-argdocs" aria-label={t('reference.args')}>
          {m.args.filter((a) => a.description).map((a) => <div key={a.name}><dt><code>{a.name}</code></dt><dd>{a.description}</dd></div>)}
        </dl>
      )}
    </li>
  );
}

function TypeEntry({ type, open }: { type: RefType; open: boolean }) {
  const { t } = useTranslation('developers');
  return (
    <details className="ref-type-entry" open={open} id={`type-${type.name}`}>
      <summary>
        <span className="ref-kind">{t(`reference.kinds.${type.kind}`)}</span> <code className="ref-type-name">{type.name}</code>
        {type.description && <span className="ref-summary"> {type.description.split('\n')[0]}</span>}
      </summary>
      {type.description?.includes('\n') && <p className="ref-desc">{type.description}</p>}
      {type.unionOf && <p className="ref-desc">{type.unionOf.map((n, i) => <span key={n}>{i > 0 && ' | '}<code>{n}</code></span>)}</p>}
      {type.members.length > 0 && (
        <ul className="ref-members" aria-label={type.kind === 'enum' ? t('reference.values') : t('reference.fields')}>
          {type.members.map((m) => <Member key={m.name} m={m} />)}
        </ul>
      )}
    </details>
  );
}

/** The searchable reference of every type and field (schema.graphql, as built into this page). */
export default function SchemaReference() {
  const { t } = useTranslation('developers');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = useMemo(() => searchSchema(TYPES, deferred), [deferred]);
  const searching = deferred.trim().length > 0;
  return (
    <div className="ref">
      <label className="ref-search">
        <span>{t('reference.search')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} spellCheck={false} autoComplete="off" />
      </label>
      <p className="muted" role="status" aria-live="polite">
        {found.length ? t('reference.matches', { count: found.length }) : t('reference.none', { q: deferred.trim() })}
      </p>
      <div className="ref-list">
        {found.map((type) => <TypeEntry key={type.name} type={type} open={searching && found.length <= 12} />)}
      </div>
    </div>
  );
}
