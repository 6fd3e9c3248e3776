import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../lib/locale.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';

type NoticeGame = { sysname: string; name: string; hasDemo: boolean };

function Card({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="relative grid flex-1 place-items-center p-4">
      <div className="w-full max-w-sm space-y-5 rounded-3xl bg-ink-900/85 p-6 text-center shadow-2xl ring-1 ring-white/10 backdrop-blur" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** A guest asked for real money: sign in (in the whole window, not in the frame), or play the demo. */
export function GuestRealMoney({ game }: { game: NoticeGame }) {
  const { t } = useTranslation('studio');
  const localize = useLocalizedPath();
  const back = localize(`/game/${game.sysname}`);
  return (
    <Card testId="studio-sign-in">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/25">
        <Icon name="lock" size={26} />
      </span>
      <div className="space-y-2">
        <h1 className="text-xl font-extrabold text-white">{t('guest.title')}</h1>
        <p className="text-sm text-ink-300">{t('guest.text', { name: game.name })}</p>
      </div>
      <div className="flex flex-col gap-2">
        <a href={`${localize('/forms/sign_in')}?redirectUrl=${encodeURIComponent(back)}`} target="_top" className={buttonClass('primary', 'md')}>
          {t('guest.signIn')}
        </a>
        {game.hasDemo && (
          <Link to="?mode=demo" className={buttonClass('secondary', 'md')} data-testid="studio-play-demo">
            {t('guest.demo')}
          </Link>
        )}
      </div>
    </Card>
  );
}

/** A game without a demo, asked for in demo mode. */
export function NoDemo({ game }: { game: NoticeGame }) {
  const { t } = useTranslation('studio');
  return (
    <Card testId="studio-no-demo">
      <h1 className="text-xl font-extrabold text-white">{t('noDemo.title')}</h1>
      <p className="text-sm text-ink-300">{t('noDemo.text', { name: game.name })}</p>
      <Link to="?mode=real" className={buttonClass('primary', 'md')}>
        {t('noDemo.real')}
      </Link>
    </Card>
  );
}
