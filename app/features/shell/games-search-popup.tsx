import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';

/** Game search: the field and its results area. The catalogue it searches comes with the games module. */
export default function GamesSearchPopup() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  return (
    <div data-testid="games-search">
      <h2 className="mb-4 text-lg font-bold">{t('search.title')}</h2>
      <label className="flex h-12 items-center gap-3 rounded-xl bg-ink-900 px-4 ring-1 ring-white/10 focus-within:ring-gold-400">
        <Icon name="search" className="text-ink-400" />
        <span className="sr-only">{t('search.placeholder')}</span>
        <input
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search.placeholder')}
          className="h-full flex-1 bg-transparent text-base outline-none placeholder:text-ink-400"
          maxLength={64}
        />
      </label>
      <div className="mt-6">
        <EmptyState icon="dice" title={t('search.emptyTitle')} text={t('search.emptyText')} compact />
      </div>
    </div>
  );
}
