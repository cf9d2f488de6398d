import { notFound } from 'next/navigation';

/** Any other path under a store is the store's 404 page. */
export default function UnknownStorePath() {
  notFound();
}
