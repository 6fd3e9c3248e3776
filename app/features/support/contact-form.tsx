import clsx from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  SUPPORT_TOPICS,
  contactFormProblems,
  type ContactField,
  type ContactProblem,
} from '../../../contract/support.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, SelectField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useSupportT } from './i18n.ts';

type Values = Record<ContactField, string>;
const LIMITS: Record<ContactField, { min?: number; max?: number }> = {
  name: { min: CONTACT_LIMITS.nameMin, max: CONTACT_LIMITS.nameMax },
  email: { max: CONTACT_LIMITS.emailMax },
  topic: {},
  message: { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax },
};

/**
 * The contact form (support/sendFeedback): checked field by field before sending with the same
 * limits as the server; the server's own field messages (in the page's language) are shown in
 * place when it refuses. Guests and signed-in players alike; a player's e-mail is prefilled.
 */
export function ContactForm({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useSupportT();
  const messageId = useId();
  const [values, setValues] = useState<Values>({ name: '', email: defaultEmail, topic: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);

  const problemText = (field: ContactField, problem: ContactProblem) => t(`form.problems.${problem}`, LIMITS[field]);
  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = contactFormProblems(values);
    const found = Object.entries(problems) as [ContactField, ContactProblem][];
    if (found.length) {
      setErrors(Object.fromEntries(found.map(([field, problem]) => [field, problemText(field, problem)])));
      document.getElementById(`contact-${found[0][0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await api<{ id: number }>('support/sendFeedback', { body: { ...values, name: values.name.trim(), email: values.email.trim(), message: values.message.trim() } });
      setSent({ reference: `S-${String(answer.id).padStart(6, '0')}`, email: values.email.trim() });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length) setErrors(error.fields);
      else if (isApiError(error) && error.type === 'TooManyRequestsException') {
        setFailure(t('form.tooMany', { minutes: Math.max(1, Math.ceil(Number(error.details.retry_after ?? 60) / 60)) }));
      } else setFailure(t('form.failed'));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col items-start gap-4 py-4" data-testid="contact-sent" role="status">
        <div className="grid size-12 place-items-center rounded-full bg-jade-500/15 text-jade-400">
          <Icon name="check" size={26} aria-hidden />
        </div>
        <div>
          <h3 className="text-lg font-bold text-white">{t('form.sentTitle')}</h3>
          <p className="mt-1 text-ink-300">{t('form.sentText', sent)}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            setSent(null);
            setValues((current) => ({ ...current, topic: '', message: '' }));
          }}
        >
          {t('form.another')}
        </Button>
      </div>
    );
  }

  const count = values.message.trim().length;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="contact-form">
      <p className="text-sm text-ink-400">{t('form.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField id="contact-name" name="name" autoComplete="name" label={t('form.name')} value={values.name} onChange={set('name')} error={errors.name} maxLength={CONTACT_LIMITS.nameMax + 20} />
        <TextField id="contact-email" name="email" type="email" autoComplete="email" label={t('form.email')} value={values.email} onChange={set('email')} error={errors.email} />
      </div>
      <SelectField id="contact-topic" name="topic" label={t('form.topic')} value={values.topic} onChange={set('topic')} error={errors.topic}>
        <option value="" disabled>
          {t('form.topicPlaceholder')}
        </option>
        {SUPPORT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {t(`form.topics.${topic}`)}
          </option>
        ))}
      </SelectField>
      <div className="space-y-1.5">
        <label htmlFor="contact-message" className="block text-sm font-medium text-ink-200">
          {t('form.message')}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={messageId}
          className={clsx(
            'w-full resize-y rounded-xl bg-ink-900 px-4 py-3 text-base text-ink-100 ring-1 transition outline-none placeholder:text-ink-500 focus:ring-2',
            errors.message ? 'ring-ruby-500 focus:ring-ruby-400' : 'ring-white/10 hover:ring-white/20 focus:ring-gold-400',
          )}
        />
        {errors.message ? (
          <p id={messageId} role="alert" className="text-sm text-ruby-400" data-testid="field-error">
            {errors.message}
          </p>
        ) : (
          <p id={messageId} className={clsx('text-xs', count > CONTACT_LIMITS.messageMax ? 'text-ruby-400' : 'text-ink-400')}>
            {t('form.messageHint', { count, max: CONTACT_LIMITS.messageMax })}
          </p>
        )}
      </div>
      <Button type="submit" disabled={sending} data-testid="contact-submit" className="w-full tablet:w-auto">
        <Icon name="mail" size={18} aria-hidden />
        {sending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
