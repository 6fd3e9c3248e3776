import { Link } from 'react-router';
import { PERMISSIONS } from '../../../contract/backoffice.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { NAV } from '../nav.ts';
import { useCan, useMe } from '../session.tsx';
import { PageHeader, Panel } from '../ui/controls.tsx';

const texts = defineTexts({
  en: { title: 'Overview', hello: 'Signed in as {name} ({role}).', screens: 'Your screens', rights: 'What your role may do' },
  fr: { title: 'Vue d’ensemble', hello: 'Connecté en tant que {name} ({role}).', screens: 'Vos écrans', rights: 'Ce que votre rôle permet' },
});

/** Where a member starts: the screens their role opens, and what it may do. */
export default function BackofficeHome() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const { data: me } = useMe();
  const can = useCan();
  if (!me) return null;
  const screens = NAV.filter((item) => item.permission !== 'signed-in' && can(item.permission));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('hello', { name: me.display_name, role: me.role })} />
      <div className="bo-grid">
        <Panel title={t('screens')}>
          <ul className="bo-link-list">
            {screens.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label[locale]}</Link>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t('rights')}>
          <ul className="bo-link-list">
            {me.permissions.map((permission) => (
              <li key={permission}>
                <span className="bo-mono">{permission}</span> · {PERMISSIONS[permission]}
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
