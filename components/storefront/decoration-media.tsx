import type { DecorationMedia } from '@/lib/decoration/schemas';

const videoTypes: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4', ogv: 'video/ogg', mov: 'video/quicktime' };

function videoType(url: string): string | undefined {
  // Pages get root-relative URLs for the app's own media, other hosts' as absolute URLs.
  const ext = new URL(url, 'http://page.invalid').pathname.split('.').pop()?.toLowerCase();
  return ext ? videoTypes[ext] : undefined;
}

type Props = {
  media: DecorationMedia;
  /** Overrides the media's own alt (image banners carry a localized one). */
  alt?: string;
  /** The text next to it says what it shows: an image gets an empty alt. */
  decorative?: boolean;
  /** Above the fold: load at once. */
  priority?: boolean;
  className?: string;
};

/**
 * An image, or a video with controls and its poster, at its intrinsic size to avoid layout shift.
 * A plain <img>: decoration media may live on any host, not only ones next/image is told about.
 */
export function DecorationMediaView({ media, alt, decorative = false, priority = false, className }: Props) {
  const label = decorative ? '' : alt || media.alt;
  const size = { width: media.width ?? undefined, height: media.height ?? undefined };
  if (media.kind === 'video') {
    return (
      <video
        className={className}
        controls
        muted
        loop
        playsInline
        preload="metadata"
        poster={media.thumbnailUrl ?? undefined}
        aria-label={label}
        {...size}
      >
        <source src={media.url} type={videoType(media.url)} />
      </video>
    );
  }
  return (
    <img
      className={className}
      src={media.url}
      alt={label}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...size}
    />
  );
}
