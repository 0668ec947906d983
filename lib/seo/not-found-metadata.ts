import 'server-only';
import type { Metadata } from 'next';

/** The metadata of a page whose address names nothing: its not-found title ("… · <site>"), never indexed. */
export function notFoundMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: true } };
}
