'use client';

import { usePathname } from 'next/navigation';

export type NavLink = { href: string; label: string };

/** Section links marking the one the page is in (`aria-current`), for screen readers and the eye alike. */
export function NavLinks({ links, className }: { links: readonly NavLink[]; className?: string }) {
  const pathname = usePathname();
  return (
    <ul className={className}>
      {links.map((l) => {
        const current = pathname === l.href || pathname.startsWith(`${l.href}/`);
        return (
          <li key={l.href}>
            <a href={l.href} aria-current={current ? 'page' : undefined}>
              {l.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
