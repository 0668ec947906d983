import type { ReactNode } from 'react';

export const metadata = {
  title: 'Reference page',
  description: 'A server-rendered page with no client components, measured beside the site.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
