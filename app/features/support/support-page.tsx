import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { Button } from '../../ui/button.tsx';
import { openChat } from '../chat/open-chat.ts';
import { ContactForm } from './contact-form.tsx';
import { FaqList } from './faq-list.tsx';
import { useSupportT } from './i18n.ts';

/** /support: ways to reach the team, the FAQ, and the contact form (docs/support-chat.md). */
export function SupportPageView({ supportEmail, defaultEmail, chat }: { supportEmail: string; defaultEmail: string; chat: boolean }) {
  const { t } = useSupportT();
  return (
    <div className="space-y-10 pb-10" data-testid="page-support">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-violet-600/30 via-ink-800 to-ink-850 p-6 ring-1 ring-white/10 tablet:p-10">
        <div className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold-500/15 blur-3xl" />
        <h1 className="relative text-3xl font-extrabold tracking-tight tablet:text-4xl">{t('title')}</h1>
        <p className="relative mt-3 max-w-2xl text-ink-200">{t('subtitle')}</p>
        <div className="relative mt-8 grid gap-4 tablet:grid-cols-3">
          {chat && (
            <Channel icon="support" title={t('hero.chatTitle')} text={t('hero.chatText')}>
              <Button size="sm" onClick={openChat} data-testid="support-start-chat">
                {t('hero.chatAction')}
              </Button>
            </Channel>
          )}
          <Channel icon="mail" title={t('hero.mailTitle')} text={t('hero.mailText')}>
            <a href={`mailto:${supportEmail}`} className="text-sm font-semibold text-gold-400 hover:text-gold-300">
              {supportEmail}
            </a>
          </Channel>
          <Channel icon="receipt" title={t('hero.formTitle')} text={t('hero.formText')}>
            <a href="#contact" className="text-sm font-semibold text-gold-400 hover:text-gold-300">
              {t('hero.formAction')} →
            </a>
          </Channel>
        </div>
      </div>

      <section aria-labelledby="support-faq-title">
        <h2 id="support-faq-title" className="mb-5 text-2xl font-extrabold">
          {t('faq.title')}
        </h2>
        <FaqList />
      </section>

      <section id="contact" aria-labelledby="support-form-title" className="scroll-mt-24 rounded-3xl bg-ink-800/60 p-5 ring-1 ring-white/5 tablet:p-8 laptop:max-w-3xl">
        <h2 id="support-form-title" className="mb-2 text-2xl font-extrabold">
          {t('form.title')}
        </h2>
        <ContactForm defaultEmail={defaultEmail} />
      </section>
    </div>
  );
}

function Channel({ icon, title, text, children }: { icon: IconName; title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-ink-900/70 p-5 ring-1 ring-white/10 backdrop-blur">
      <div className="grid size-11 place-items-center rounded-xl bg-gold-500/15 text-gold-400">
        <Icon name={icon} size={22} aria-hidden />
      </div>
      <div>
        <h2 className="font-bold text-white">{title}</h2>
        <p className="mt-1 text-sm text-ink-300">{text}</p>
      </div>
      <div className="mt-auto">{children}</div>
    </div>
  );
}
