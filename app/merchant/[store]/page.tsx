import { redirect } from 'next/navigation';
import { consoleSections, sectionHref } from '@/components/merchant/sections';

/** A store's console opens on its first section. */
export default async function StoreConsoleHome({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  redirect(sectionHref(store, consoleSections[0]!.path));
}
