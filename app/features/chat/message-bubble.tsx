import clsx from 'clsx';
import type { ChatMessageView } from '../../../contract/support.ts';

/** One chat message: "mine" on the right in gold, the other side on the left. */
export function MessageBubble({ message, mine, author, locale }: { message: ChatMessageView; mine: boolean; author: string; locale: string }) {
  const time = new Date(message.created_at).toLocaleTimeString(locale === 'fr' ? 'fr-FR' : 'en-GB', { hour: 'numeric', minute: '2-digit' });
  return (
    <li className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-testid="chat-message" data-author={message.author}>
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
          mine ? 'rounded-br-md bg-gradient-to-b from-gold-400 to-gold-500 text-ink-950' : 'rounded-bl-md bg-ink-700 text-ink-100 ring-1 ring-white/5',
        )}
      >
        {message.text}
      </div>
      <span className="px-1 text-[11px] text-ink-400">
        {author} · {time}
      </span>
    </li>
  );
}
