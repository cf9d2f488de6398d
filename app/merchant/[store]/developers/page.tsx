import { redirect } from 'next/navigation';
import { sectionHref } from '@/components/merchant/sections';

/** The Developers section opens on its API keys. */
export default async function DevelopersHome({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  redirect(sectionHref(store, 'developers/api-keys'));
}
