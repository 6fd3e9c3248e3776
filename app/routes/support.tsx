import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isLoggedIn } from '../../contract/api.ts';
import type { SupportSettings } from '../../contract/support.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { faqPage } from '../features/pages/structured-data.ts';
import { FAQ_GROUPS, type FaqEntry } from '../features/support/faq.ts';
import { useSupportT } from '../features/support/i18n.ts';
import { SupportPageView } from '../features/support/support-page.tsx';
import { requestLocale, useRootData } from '../lib/locale.ts';
import { serverApi } from '../lib/server-bridge.ts';

/** /support: FAQ (with FAQPage structured data), contact form and the way into the live chat. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ supportEmail: string; chat: boolean }> {
  const settings = await serverApi<SupportSettings>(context, 'support/getsettings', { locale: requestLocale(request) }).catch(() => null);
  return { supportEmail: settings?.support_email ?? 'support@croupier.local', chat: settings?.chat.provider === 'builtin' };
}

export default function Support() {
  const { t } = useSupportT();
  const { supportEmail, chat } = useLoaderData<typeof loader>();
  const root = useRootData();
  const login = root && isLoggedIn(root.user) ? (root.user.login ?? '') : '';
  const entries = FAQ_GROUPS.flatMap((group) => t(`faq.items.${group}`, { returnObjects: true }) as FaqEntry[]);
  return (
    <>
      <PageMeta title={t('title')} description={t('metaDescription')} jsonLd={[faqPage(entries.map((entry) => ({ question: entry.q, answer: entry.a })))]} />
      <SupportPageView supportEmail={supportEmail} chat={chat} defaultEmail={login.includes('@') ? login : ''} />
    </>
  );
}
