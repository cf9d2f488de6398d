'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A row that scrolls sideways (the category links on a phone) and shows that it does: a fade
 * with an arrow at the end that has more (`data-more-start` / `data-more-end`, drawn in CSS).
 */
export function ScrollHint({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const row = ref.current?.firstElementChild as HTMLElement | null;
    if (!row) return;
    const measure = () => {
      const start = row.scrollLeft > 2;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 2;
      setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={ref} className={className} data-more-start={more.start ? 'true' : undefined} data-more-end={more.end ? 'true' : undefined} data-testid="subnav-scroller">
      {children}
    </div>
  );
}
