import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { Icon } from '../../ui/icon.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Switch } from '../../ui/switch.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { useToasts } from '../toasts/store.ts';
import { errorMessage } from './errors.ts';
import { Badge, Panel } from './panel.tsx';
import type { ProfileContact } from './types.ts';

/** /profile/notification: newsletter subscription per contact (changeSubscription 1 / 0). */
export function NotificationPage({ contacts }: { contacts: ProfileContact[] }) {
  const { t } = useTranslation('profile');
  const showToast = useToasts((state) => state.show);
  // The switches answer at once; a refused change is put back.
  const [subscribed, setSubscribed] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(contacts.map((contact) => [contact.contact, contact.is_subscribed])),
  );
  const [busy, setBusy] = useState<string | null>(null);
  // A refused change (spec 1 section 8: "failed to save contact"), with the server's reason when it gives one.
  const [error, setError] = useState<{ contact: string; reason: string } | null>(null);

  async function change(contact: ProfileContact, next: boolean) {
    setBusy(contact.contact);
    setError(null);
    setSubscribed((current) => ({ ...current, [contact.contact]: next }));
    try {
      await api<number>('changeSubscription', { body: { contact: contact.contact, subscription: next ? '1' : '0' } });
      showToast({
        kind: 'success',
        title: t(next ? 'notification.subscribedToast' : 'notification.unsubscribedToast'),
        message: contact.contact,
      });
    } catch (failure) {
      setSubscribed((current) => ({ ...current, [contact.contact]: !next }));
      setError({ contact: contact.contact, reason: errorMessage(failure, t) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div data-testid="page-profile.notification">
      <PageMeta title={t('notification.title')} description={t('notification.subtitle')} />
      <PageHeading title={t('notification.title')} subtitle={t('notification.subtitle')} />
      <Panel icon="bell" title={t('notification.newsletters')} text={t('notification.text')} testId="subscriptions">
        {error && (
          <div className="mb-4">
            <FormAlert>
              <span data-testid="contact-save-failed">
                <strong className="block font-bold">{t('contacts.saveFailed')}</strong>
                <span className="break-words">{`${error.contact}: ${error.reason}`}</span>
              </span>
            </FormAlert>
          </div>
        )}
        {contacts.length === 0 ? (
          <EmptyState compact icon="mail" title={t('notification.emptyTitle')} text={t('notification.emptyText')} />
        ) : (
          <ul className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-ink-900/70 ring-1 ring-white/5">
            {contacts.map((contact) => {
              const on = subscribed[contact.contact] ?? contact.is_subscribed;
              const labelId = `subscription-${contact.type}-${contact.contact.replace(/[^a-z0-9]/gi, '-')}`;
              return (
                <li key={`${contact.type}:${contact.contact}`} className="flex items-center gap-3 p-4" data-testid="subscription-row" data-contact={contact.contact}>
                  <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-white/5 text-ink-200">
                    <Icon name={contact.type === 'phone' ? 'phone' : 'mail'} size={18} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p id={labelId} className="truncate font-semibold" title={contact.contact}>
                      {contact.contact}
                    </p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-ink-400">
                      {t(on ? `notification.on.${contact.type}` : 'notification.off')}
                      {contact.is_login && <Badge tone="violet">{t('contacts.login')}</Badge>}
                    </p>
                  </div>
                  <Switch
                    checked={on}
                    busy={busy === contact.contact}
                    aria-labelledby={labelId}
                    onCheckedChange={(next) => void change(contact, next)}
                    data-testid="subscription-switch"
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </div>
  );
}
