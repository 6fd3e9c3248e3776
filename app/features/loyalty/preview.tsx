import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterForm, LoyaltyLevelForm, LoyaltyProductForm } from '../../../contract/backoffice-loyalty-tournaments.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { LoyaltyCharacterView, LoyaltyLevelView, LoyaltyProductView } from '../../../contract/loyalty.ts';
import { SitePreview } from '../preview/site-preview.tsx';
import { CharacterCard, LevelLadder, ProductCard } from './parts.tsx';

/**
 * The loyalty programme as the site shows it, from the back office's forms (docs/backoffice.md):
 * what loyalty/getinfo and loyalty/getproducts would answer in one language, rendered by the
 * shop's and the ladder's own cards.
 */

export const levelView = (form: LoyaltyLevelForm & { number: number }, locale: LocaleCode): LoyaltyLevelView => ({
  number: form.number,
  sysname: form.sysname,
  name: form.names[locale] || form.names.en || form.sysname,
  threshold: form.threshold,
  perks: form.perks[locale].length ? form.perks[locale] : form.perks.en,
  earn_rate: form.earn_rate,
});

export const productView = (form: LoyaltyProductForm, locale: LocaleCode): LoyaltyProductView => ({
  id: form.id ?? 0,
  sysname: form.sysname,
  kind: form.kind,
  name: form.texts[locale].name || form.texts.en.name || form.sysname,
  description: form.texts[locale].description || form.texts.en.description,
  image_url: form.image_url,
  price: form.price,
  min_level: form.min_level,
  currency: form.currency,
  can_buy: false,
  reason: null,
});

export const characterView = (form: LoyaltyCharacterForm, locale: LocaleCode): LoyaltyCharacterView => ({
  id: form.id ?? 0,
  sysname: form.sysname,
  name: form.names[locale] || form.names.en || form.sysname,
  description: form.descriptions[locale] || form.descriptions.en,
  image_url: form.image_url,
});

type Levels = Array<LoyaltyLevelForm & { number: number }>;

/** A shop product's card (as a guest sees it: the price and its level gate) in `locale`. */
export function ProductPreview({ product, levels, alias, locale, label }: { product: LoyaltyProductForm; levels: Levels; alias: string; locale: LocaleCode; label: string }) {
  return (
    <SitePreview locale={locale} label={label}>
      <div className="max-w-xs">
        <ProductCard product={productView(product, locale)} info={null} levels={levels.map((level) => levelView(level, locale))} alias={alias} onBuy={() => undefined} />
      </div>
    </SitePreview>
  );
}

/** The ladder of levels of the loyalty page, `current` marked as a player on it would see it, in `locale`. */
export function LevelsPreview({ levels, current, alias, locale, label }: { levels: Levels; current: number | null; alias: string; locale: LocaleCode; label: string }) {
  return (
    <SitePreview locale={locale} label={label}>
      <LadderTitle />
      <LevelLadder levels={levels.map((level) => levelView(level, locale))} current={current} alias={alias} />
    </SitePreview>
  );
}

function LadderTitle() {
  const { t } = useTranslation('loyalty');
  return <h2 className="mb-4 text-xl font-black tracking-tight">{t('levels.title')}</h2>;
}

/** A character's card of the gallery, in `locale`. */
export function CharacterPreview({ character, locale, label }: { character: LoyaltyCharacterForm; locale: LocaleCode; label: string }) {
  return (
    <SitePreview locale={locale} label={label}>
      <div className="w-48">
        <CharacterCard character={characterView(character, locale)} />
      </div>
    </SitePreview>
  );
}
