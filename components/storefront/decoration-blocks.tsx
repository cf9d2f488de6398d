import Link from 'next/link';
import type { ReactNode } from 'react';
import type {
  BrandHeroBlock,
  DecorationBlock,
  ImageBannerBlock,
  NoticeBlock,
  ProductCollectionBlock,
} from '@/lib/decoration/schemas';
import { type Locale, inLocale } from '@/lib/schemas/common';
import { uiText } from '@/lib/storefront/ui-text';
import { DecorationMediaView } from './decoration-media';
import { ProductCard } from './product-card';
import { storeHref } from './store-links';

type View = { slug: string; locale: Locale; linkLocale: Locale | undefined };

/**
 * The blocks of a published decoration, in order. Disabled blocks and blocks shown on no viewport
 * are left out; `responsive` becomes CSS classes so the viewport decides without JavaScript.
 */
export function DecorationBlocks({ blocks, view }: { blocks: DecorationBlock[]; view: View }) {
  const visible = blocks.filter(
    (b) => b.enabled && (b.responsive.desktop || b.responsive.mobile) && !(b.type === 'product_collection' && b.products.length === 0),
  );
  const firstHero = visible.find((b) => b.type === 'brand_hero')?.id;
  return (
    <>
      {visible.map((block) => (
        <BlockFrame key={block.id} block={block}>
          {renderBlock(block, view, block.id === firstHero)}
        </BlockFrame>
      ))}
    </>
  );
}

function renderBlock(block: DecorationBlock, view: View, isFirstHero: boolean): ReactNode {
  switch (block.type) {
    case 'brand_hero':
      return <BrandHero block={block} view={view} priority={isFirstHero} />;
    case 'notice':
      return <Notice block={block} view={view} />;
    case 'image_banner':
      return <ImageBanner block={block} view={view} />;
    case 'product_collection':
      return <ProductCollection block={block} view={view} />;
  }
}

function BlockFrame({ block, children }: { block: DecorationBlock; children: ReactNode }) {
  const classes = [
    'sf-block',
    `sf-block--${block.type.replace('_', '-')}`,
    block.responsive.mobile ? '' : 'sf-hide-mobile',
    block.responsive.desktop ? '' : 'sf-hide-desktop',
  ].filter(Boolean);
  return (
    <div
      className={classes.join(' ')}
      data-block-type={block.type}
      data-block-id={block.id}
      data-surface={block.theme.surface}
      data-accent={block.theme.accent}
      data-density={block.theme.density}
    >
      {children}
    </div>
  );
}

function BrandHero({ block, view, priority }: { block: BrandHeroBlock; view: View; priority: boolean }) {
  const title = inLocale(block.title, view.locale);
  const description = inLocale(block.description, view.locale);
  return (
    <section className="sf-container sf-hero" aria-labelledby={`h-${block.id}`}>
      <div className="sf-hero__text sf-surface">
        <h2 id={`h-${block.id}`} className="sf-hero__title">
          {title}
        </h2>
        {description ? <p className="sf-hero__description">{description}</p> : null}
      </div>
      {block.media ? (
        <div className="sf-hero__media">
          <DecorationMediaView media={block.media} priority={priority} />
        </div>
      ) : null}
    </section>
  );
}

function Notice({ block, view }: { block: NoticeBlock; view: View }) {
  const text = inLocale(block.text, view.locale);
  if (!text) return null;
  return (
    <div className="sf-notice">
      <div className="sf-container sf-notice__inner">
        <p className="sf-notice__text">{text}</p>
        {block.path ? (
          <Link className="sf-notice__link" href={storeHref(view.slug, block.path, view.linkLocale)}>
            {uiText(view.locale).learnMore}
            <span aria-hidden="true"> →</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The banner's message is shown over the picture (merchants' banners are often pictures without
 * words), so the picture itself is decorative and the message is read once.
 */
function ImageBanner({ block, view }: { block: ImageBannerBlock; view: View }) {
  const message = inLocale(block.alt, view.locale);
  const media = (
    <>
      <DecorationMediaView media={block.media} decorative={!!message} className="sf-banner__media" />
      {message ? <span className="sf-banner__caption">{message}</span> : null}
    </>
  );
  return (
    <div className="sf-container">
      {block.path ? (
        <Link className="sf-banner sf-surface" href={storeHref(view.slug, block.path, view.linkLocale)}>
          {media}
        </Link>
      ) : (
        <div className="sf-banner sf-surface">{media}</div>
      )}
    </div>
  );
}

function ProductCollection({ block, view }: { block: ProductCollectionBlock; view: View }) {
  const title = inLocale(block.title, view.locale);
  return (
    <div className="sf-container">
      <section className="sf-collection sf-surface" aria-labelledby={`h-${block.id}`}>
        <h2 id={`h-${block.id}`} className="sf-collection__title">
          {title}
        </h2>
        <ul className="sf-grid" role="list">
          {block.products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} slug={view.slug} locale={view.locale} linkLocale={view.linkLocale} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
